#include <stdio.h>
#include <gd.h>
