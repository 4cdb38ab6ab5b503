/// The pages without an id, by the names templates use (`{{site.recipes}}`, `{{site.newPet}}`),
/// made by the areas' routes: a template names a page, never types its path. A name not here
/// renders nothing, so `SiteLinksTests` fails on any template that uses one.
struct SiteLinks: PagePart {
    static let byName: [String: String] = [
        "home": "/",
        "signIn": HouseholdRoutes.signIn.pattern, "signOut": HouseholdRoutes.signOut.pattern, "setup": HouseholdRoutes.setup.pattern,
        "settings": HouseholdRoutes.settings.pattern, "keeping": HouseholdRoutes.keeping.pattern, "me": HouseholdRoutes.me.pattern,
        "myPassword": HouseholdRoutes.myPassword.pattern,
        "accounts": AccountRoutes.list.pattern,
        "calendar": CalendarRoutes.thisMonth.pattern, "search": SearchRoutes.search.pattern, "reports": ReportRoutes.index.pattern,
        "gallery": GalleryRoutes.list.pattern, "animations": GalleryRoutes.animations.pattern, "newAnimation": GalleryRoutes.newAnimation.pattern,
        "pets": PetRoutes.list.pattern, "newPet": PetRoutes.new.pattern, "people": PersonRoutes.list.pattern, "newPerson": PersonRoutes.new.pattern,
        "emergency": CareRoutes.emergency.pattern, "ownVaccine": CareRoutes.ownVaccine.pattern,
        "clinics": ClinicRoutes.list.pattern, "newClinic": ClinicRoutes.new.pattern, "clinicImport": ClinicRoutes.importRegister.pattern,
        "doses": DoseRoutes.list.pattern, "regimens": RegimenRoutes.list.pattern, "newRegimen": RegimenRoutes.new.pattern,
        "medicines": MedicineRoutes.list.pattern, "newMedicine": MedicineRoutes.new.pattern, "pills": MedicineRoutes.pills.pattern,
        "medicineImport": MedicineRoutes.importList.pattern,
        "routines": RoutineRoutes.list.pattern, "newRoutine": RoutineRoutes.new.pattern,
        "recipes": RecipeRoutes.list.pattern, "newRecipe": RecipeRoutes.new.pattern, "recipeCategories": RecipeRoutes.categories.pattern,
        "recipeImport": RecipeRoutes.importFile.pattern, "recipeExport": RecipeRoutes.export.pattern, "recipeBookmarks": RecipeRoutes.bookmarks.pattern,
        "reminderSettings": ReminderRoutes.household.pattern,
        "backups": BackupRoutes.page.pattern, "backUpNow": BackupRoutes.now.pattern,
        "exportJSON": BackupRoutes.export("hearth.json"), "exportCalendar": BackupRoutes.export("hearth.ics"),
        "connect": PhoneRoutes.connect.pattern, "certificate": PhoneRoutes.certificate.pattern, "profile": PhoneRoutes.profile.pattern,
        "homeAssistant": APIRoutes.homeAssistant.pattern,
    ]

    func child(named name: String) -> Any? { Self.byName[name] }
}
