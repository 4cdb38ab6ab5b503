#!/usr/bin/env python3
"""Writes a large Apple Health export.xml for the import benchmark: the real sample's DTD and
record shapes (Tests/Fixtures/apple-health), repeated over the days from 2016 on until the
file reaches --size-mb. Each day has steps from an iPhone and a Watch that overlap, heart
rates with metadata, distance, a weighing, water, a blood-pressure Correlation whose records
repeat top-level ones, a workout and an activity summary.

    python3 Tests/bench/apple_health_export.py --size-mb 1024 --out /tmp/export.xml
"""

import argparse
import datetime
import random
from pathlib import Path

SAMPLE = Path(__file__).resolve().parents[1] / "Fixtures/apple-health/export6s3sample.xml"


def stamp(moment, offset="+0900"):
    return moment.strftime("%Y-%m-%d %H:%M:%S ") + offset


def record(kind, value, unit, start, source, seconds=60, extra=""):
    end = start + datetime.timedelta(seconds=seconds)
    return (f' <Record type="HKQuantityTypeIdentifier{kind}" sourceName="{source}" sourceVersion="17.1" '
            f'device="&lt;&lt;HKDevice: 0x2838a1f40&gt;, name:{source}&gt;" unit="{unit}" '
            f'creationDate="{stamp(end)}" startDate="{stamp(start)}" endDate="{stamp(end)}" value="{value}"{extra}')


def day_lines(day, rng):
    lines = []
    midnight = datetime.datetime(day.year, day.month, day.day)
    for hour in range(7, 23):
        for slot in range(12):
            start = midnight + datetime.timedelta(hours=hour, minutes=5 * slot)
            steps = rng.randint(10, 150)
            lines.append(record("StepCount", steps, "count", start, "Mina’s iPhone", 300) + "/>")
            lines.append(record("StepCount", max(0, steps + rng.randint(-20, 20)), "count", start, "Mina’s Apple Watch", 300) + "/>")
            lines.append(record("DistanceWalkingRunning", round(steps * 0.0007, 5), "km", start, "Mina’s iPhone", 300) + "/>")
            lines.append(record("HeartRate", rng.randint(55, 120), "count/min", start, "Mina’s Apple Watch", 1) + ">")
            lines.append('  <MetadataEntry key="HKMetadataKeyHeartRateMotionContext" value="1"/>')
            lines.append(" </Record>")
    morning = midnight + datetime.timedelta(hours=7)
    lines.append(record("BodyMass", round(58 + rng.random() * 2, 1), "kg", morning, "Withings") + "/>")
    for hour in (9, 12, 15, 19):
        lines.append(record("DietaryWater", 250, "mL", midnight + datetime.timedelta(hours=hour), "WaterMinder") + "/>")
    systolic = record("BloodPressureSystolic", 118, "mmHg", morning, "Omron") + "/>"
    diastolic = record("BloodPressureDiastolic", 76, "mmHg", morning, "Omron") + "/>"
    lines += [systolic, diastolic]
    lines.append(f' <Correlation type="HKCorrelationTypeIdentifierBloodPressure" sourceName="Omron" sourceVersion="1" '
                 f'creationDate="{stamp(morning)}" startDate="{stamp(morning)}" endDate="{stamp(morning)}">')
    lines += ["  " + systolic.strip(), "  " + diastolic.strip(), " </Correlation>"]
    lines.append(f' <Workout workoutActivityType="HKWorkoutActivityTypeWalking" duration="31.7" durationUnit="min" '
                 f'totalDistance="2.1" totalDistanceUnit="km" sourceName="Mina’s Apple Watch" '
                 f'startDate="{stamp(midnight + datetime.timedelta(hours=18))}" endDate="{stamp(midnight + datetime.timedelta(hours=18, minutes=32))}"/>')
    lines.append(f' <ActivitySummary dateComponents="{day.isoformat()}" activeEnergyBurned="412.5" activeEnergyBurnedGoal="400" '
                 f'activeEnergyBurnedUnit="kcal" appleExerciseTime="35" appleExerciseTimeGoal="30" appleStandHours="11" appleStandHoursGoal="12"/>')
    return "\n".join(lines) + "\n"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--size-mb", type=int, default=1024)
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    sample = SAMPLE.read_text(encoding="utf-8")
    header = sample[: sample.index("<HealthData")]
    target = args.size_mb * 1024 * 1024
    rng = random.Random(7)
    day = datetime.date(2016, 1, 1)
    days = 0
    with open(args.out, "w", encoding="utf-8") as out:
        out.write(header + '<HealthData locale="ko_KR">\n <ExportDate value="2026-11-01 09:00:00 +0900"/>\n')
        while out.tell() < target:
            out.write(day_lines(day, rng))
            day += datetime.timedelta(days=1)
            days += 1
        out.write("</HealthData>\n")
    print(f"{args.out}: {days} days")


if __name__ == "__main__":
    main()
