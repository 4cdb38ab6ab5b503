// Written by `make api` (Tests/api/document.py); do not edit.

/// The API's description as it was when the code beside it was generated.
public enum OpenAPIDocument {
    public static let yaml = #"""
openapi: 3.1.0
info:
  title: Hearth
  version: 1.0.0
  summary: The household care log's own API, for scripts, tablets and Home Assistant on the home network.
  description: |
    Every call acts as the member who made the token: their role and, for a limited member,
    only their pets and people. Send the token as `Authorization: Bearer <token>` (made on
    the member's own page, `/me`). A token with the `read` scope may only read; `record`
    may also write what the member may write; `admin` (given by the owner only) acts with
    the owner's role.

    Every write accepts an `Idempotency-Key` header (8 to 64 letters, digits, `-`, `_`):
    sending the same request again with the same key returns the first answer and writes
    nothing.

    Errors are `application/problem+json` (RFC 9457) in the member's language; a field's
    problem is named in `errors`.

    Times are RFC 3339 with the household's offset; a record also carries its day in the
    household (`date`). Quantities a person types (a weight, an amount of food) are sent
    as text and read as the forms read them: `4,800 g` is four thousand eight hundred grams.
servers:
  - url: /api/v1
security:
  - token: []
tags:
  - name: subjects
  - name: records
  - name: people
  - name: doses
  - name: household
paths:
  /me:
    get:
      operationId: getMe
      tags: [household]
      summary: Who the token acts as.
      responses:
        "200":
          description: The token's member and scope.
          content:
            application/json:
              schema: { $ref: "#/components/schemas/Me" }
        default: { $ref: "#/components/responses/Problem" }
  /members:
    get:
      operationId: listMembers
      tags: [household]
      summary: The household's members (owner, admin scope only).
      responses:
        "200":
          description: Every member.
          content:
            application/json:
              schema:
                type: object
                required: [members]
                properties:
                  members:
                    type: array
                    items: { $ref: "#/components/schemas/Member" }
        default: { $ref: "#/components/responses/Problem" }
  /subjects:
    get:
      operationId: listSubjects
      tags: [subjects]
      summary: The pets and people the member may see, with today's state.
      responses:
        "200":
          description: Pets first, then people.
          content:
            application/json:
              schema:
                type: object
                required: [date, subjects]
                properties:
                  date: { $ref: "#/components/schemas/Day" }
                  subjects:
                    type: array
                    items: { $ref: "#/components/schemas/Subject" }
        default: { $ref: "#/components/responses/Problem" }
  /subjects/{subject}:
    parameters:
      - $ref: "#/components/parameters/Subject"
    get:
      operationId: getSubject
      tags: [subjects]
      summary: One pet or person with today's state.
      responses:
        "200":
          description: The subject.
          content:
            application/json:
              schema: { $ref: "#/components/schemas/Subject" }
        default: { $ref: "#/components/responses/Problem" }
  /flags:
    get:
      operationId: listFlags
      tags: [subjects]
      summary: What Hearth noticed in the records of the pets and people the member may see, and nobody has marked seen.
      description: >-
        Worked out from the records by the rules in the help's "살펴볼 점" chapter (each flag says its rule and source).
        A flag marked seen comes back here when it gets worse or returns after going away.
      responses:
        "200":
          description: The open flags, pets' first, then people's.
          content:
            application/json:
              schema:
                type: object
                required: [date, flags]
                properties:
                  date: { $ref: "#/components/schemas/Day" }
                  flags:
                    type: array
                    items: { $ref: "#/components/schemas/Flag" }
        default: { $ref: "#/components/responses/Problem" }
  /trackers:
    get:
      operationId: listTrackers
      tags: [records]
      summary: The household's own record kinds (a cat's blood glucose, a dog's seizures, blood pressure) the member may see, with their fields.
      description: >-
        A tracker's record is posted as kind `tracker` with `tracker` (its id) and a `tracker_<key>` field for each of its
        fields, by the fields' keys given here; a removed field is listed (its old values stay readable) but takes no new
        value.
      responses:
        "200":
          description: The trackers, by name.
          content:
            application/json:
              schema:
                type: object
                required: [trackers]
                properties:
                  trackers:
                    type: array
                    items: { $ref: "#/components/schemas/Tracker" }
        default: { $ref: "#/components/responses/Problem" }
  /subjects/{subject}/records:
    parameters:
      - $ref: "#/components/parameters/Subject"
    get:
      operationId: listRecords
      tags: [records]
      summary: A subject's records, newest first, a page at a time.
      parameters:
        - name: kind
          in: query
          schema: { $ref: "#/components/schemas/Kind" }
        - name: from
          in: query
          description: The first day (the household's), inclusive.
          schema: { $ref: "#/components/schemas/Day" }
        - name: to
          in: query
          description: The last day (the household's), inclusive.
          schema: { $ref: "#/components/schemas/Day" }
        - name: after
          in: query
          description: The `next` of the page before.
          schema: { type: string, pattern: "^-?[0-9]{1,15}_[0-9]{1,18}$" }
        - name: limit
          in: query
          schema: { type: integer, minimum: 1, maximum: 100, default: 50 }
      responses:
        "200":
          description: A page of records.
          content:
            application/json:
              schema:
                type: object
                required: [records]
                properties:
                  records:
                    type: array
                    items: { $ref: "#/components/schemas/Record" }
                  next:
                    type: string
                    description: Ask again with `after` set to this for the next page; absent on the last.
        default: { $ref: "#/components/responses/Problem" }
    post:
      operationId: createRecord
      tags: [records]
      summary: Records something of a pet (any kind), or a person's weighing.
      parameters:
        - $ref: "#/components/parameters/IdempotencyKey"
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: "#/components/schemas/NewRecord" }
      responses:
        "201":
          description: The record as saved.
          headers:
            Location:
              schema: { type: string }
          content:
            application/json:
              schema: { $ref: "#/components/schemas/Record" }
        default: { $ref: "#/components/responses/Problem" }
  /records/{record}:
    parameters:
      - $ref: "#/components/parameters/Record"
    get:
      operationId: getRecord
      tags: [records]
      responses:
        "200":
          description: The record.
          content:
            application/json:
              schema: { $ref: "#/components/schemas/Record" }
        default: { $ref: "#/components/responses/Problem" }
    patch:
      operationId: updateRecord
      tags: [records]
      summary: Changes the fields sent; the others stay as they were.
      parameters:
        - $ref: "#/components/parameters/IdempotencyKey"
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: "#/components/schemas/RecordChange" }
      responses:
        "200":
          description: The record as saved.
          content:
            application/json:
              schema: { $ref: "#/components/schemas/Record" }
        default: { $ref: "#/components/responses/Problem" }
    delete:
      operationId: deleteRecord
      tags: [records]
      summary: Deletes the record (it can be brought back from its timeline page).
      parameters:
        - $ref: "#/components/parameters/IdempotencyKey"
      responses:
        "204":
          description: Deleted.
        default: { $ref: "#/components/responses/Problem" }
  /records/{record}/photos:
    parameters:
      - $ref: "#/components/parameters/Record"
    post:
      operationId: addPhotos
      tags: [records]
      summary: Adds photos to a record (JPEG, PNG, WebP, GIF, HEIC, AVIF).
      description: |
        A record holds at most its kind's number of photos, those it has counted: a diary 20, a symptom
        or a vet visit 10, a weighing none, every other kind 4. Past that, or when one part is not a photo,
        none is added (422, each refused part named). A part may be sent as its image type or, as
        generated clients send files, as `application/octet-stream`: what it is, is read from its bytes.
      parameters:
        - $ref: "#/components/parameters/IdempotencyKey"
      requestBody:
        required: true
        content:
          multipart/form-data:
            schema:
              type: object
              required: [photo]
              properties:
                photo:
                  type: array
                  minItems: 1
                  maxItems: 20
                  items: { type: string, contentEncoding: binary }
            encoding:
              photo:
                contentType: "*/*"
      responses:
        "200":
          description: The record with its photos.
          content:
            application/json:
              schema: { $ref: "#/components/schemas/Record" }
        default: { $ref: "#/components/responses/Problem" }
  /people/{subject}/water:
    parameters:
      - $ref: "#/components/parameters/Subject"
    post:
      operationId: addWater
      tags: [people]
      summary: Adds (or takes back) water drunk today, in cups of the person's goal or millilitres.
      parameters:
        - $ref: "#/components/parameters/IdempotencyKey"
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              properties:
                cups: { type: integer, minimum: -10, maximum: 10, description: "+1 is a cup of the person's goal." }
                ml: { type: integer, minimum: -5000, maximum: 5000 }
                date: { $ref: "#/components/schemas/Day" }
      responses:
        "200":
          description: The day's water after the change.
          content:
            application/json:
              schema: { $ref: "#/components/schemas/Water" }
        default: { $ref: "#/components/responses/Problem" }
  /people/{subject}/steps:
    parameters:
      - $ref: "#/components/parameters/Subject"
    put:
      operationId: setSteps
      tags: [people]
      summary: The day's steps, counted by hand (the day's figure is replaced).
      parameters:
        - $ref: "#/components/parameters/IdempotencyKey"
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [steps]
              properties:
                steps: { type: integer, minimum: 0, maximum: 200000 }
                date: { $ref: "#/components/schemas/Day" }
      responses:
        "200":
          description: The day's steps.
          content:
            application/json:
              schema: { $ref: "#/components/schemas/Steps" }
        default: { $ref: "#/components/responses/Problem" }
  /doses:
    get:
      operationId: listDoses
      tags: [doses]
      summary: A day's scheduled doses (today unless `date`), in time order, with what became of each.
      parameters:
        - name: date
          in: query
          schema: { $ref: "#/components/schemas/Day" }
        - name: subject
          in: query
          schema: { type: integer, format: int64, minimum: 1 }
      responses:
        "200":
          description: The day's doses.
          content:
            application/json:
              schema:
                type: object
                required: [date, doses]
                properties:
                  date: { $ref: "#/components/schemas/Day" }
                  doses:
                    type: array
                    items: { $ref: "#/components/schemas/Dose" }
                  next:
                    $ref: "#/components/schemas/Dose"
                    description: The next dose still to come, today or in the 7 days after `date` (absent when there is none).
        default: { $ref: "#/components/responses/Problem" }
  /doses/{dose}/given:
    parameters:
      - $ref: "#/components/parameters/Dose"
    post:
      operationId: giveDose
      tags: [doses]
      summary: Marks the dose given, now or at a time. Given already by someone is 409, saying who and when.
      parameters:
        - $ref: "#/components/parameters/IdempotencyKey"
      requestBody:
        required: false
        content:
          application/json:
            schema:
              type: object
              properties:
                at: { type: string, format: date-time, description: "When it was given; not in the future." }
      responses:
        "200":
          description: The dose, given.
          content:
            application/json:
              schema: { $ref: "#/components/schemas/Dose" }
        default: { $ref: "#/components/responses/Problem" }
  /doses/{dose}/skipped:
    parameters:
      - $ref: "#/components/parameters/Dose"
    post:
      operationId: skipDose
      tags: [doses]
      summary: Marks the dose skipped, with a reason.
      parameters:
        - $ref: "#/components/parameters/IdempotencyKey"
      requestBody:
        required: false
        content:
          application/json:
            schema:
              type: object
              properties:
                reason: { type: string, maxLength: 200 }
      responses:
        "200":
          description: The dose, skipped.
          content:
            application/json:
              schema: { $ref: "#/components/schemas/Dose" }
        default: { $ref: "#/components/responses/Problem" }
  /doses/{dose}/mark:
    parameters:
      - $ref: "#/components/parameters/Dose"
    delete:
      operationId: undoDose
      tags: [doses]
      summary: Takes back a dose's mark (given or skipped).
      parameters:
        - $ref: "#/components/parameters/IdempotencyKey"
      responses:
        "200":
          description: The dose, unmarked.
          content:
            application/json:
              schema: { $ref: "#/components/schemas/Dose" }
        default: { $ref: "#/components/responses/Problem" }
  /due:
    get:
      operationId: listDue
      tags: [doses]
      summary: "What is due, in date order, the overdue first: doses now, vaccinations, preventives, follow-ups, medicines running out."
      parameters:
        - name: days
          in: query
          description: How far ahead to look.
          schema: { type: integer, minimum: 0, maximum: 366, default: 7 }
      responses:
        "200":
          description: What is due.
          content:
            application/json:
              schema:
                type: object
                required: [date, due]
                properties:
                  date: { $ref: "#/components/schemas/Day" }
                  due:
                    type: array
                    items: { $ref: "#/components/schemas/Due" }
        default: { $ref: "#/components/responses/Problem" }
components:
  securitySchemes:
    token:
      type: http
      scheme: bearer
      description: A token made on `/me` (shown once).
  parameters:
    Subject:
      name: subject
      in: path
      required: true
      schema: { type: integer, format: int64, minimum: 1 }
    Record:
      name: record
      in: path
      required: true
      schema: { type: integer, format: int64, minimum: 1 }
    Dose:
      name: dose
      in: path
      required: true
      description: "`regimen-day-minute`, as the dose list gives it: `12-2026-11-25-480` is regimen 12's 08:00 dose on 25 November 2026."
      schema: { type: string, pattern: "^[0-9]{1,18}-[0-9]{4}-[0-9]{2}-[0-9]{2}-[0-9]{1,4}$" }
    IdempotencyKey:
      name: Idempotency-Key
      in: header
      required: false
      schema: { type: string, pattern: "^[A-Za-z0-9_-]{8,64}$" }
  responses:
    Problem:
      description: A problem (RFC 9457), in the member's language.
      content:
        application/problem+json:
          schema: { $ref: "#/components/schemas/Problem" }
  schemas:
    Day:
      type: string
      format: date
      description: A day in the household's time zone.
    Kind:
      type: string
      enum: [diary, weight, meal, toilet, vomit, symptom, walk, vaccination, preventive, vet_visit, tracker]
    Problem:
      type: object
      required: [title, status]
      properties:
        type: { type: string }
        title: { type: string }
        status: { type: integer }
        detail: { type: string }
        errors:
          type: array
          items:
            type: object
            required: [field, message]
            properties:
              field: { type: string }
              message: { type: string }
    Me:
      type: object
      required: [id, name, role, scope, limited]
      properties:
        id: { type: integer, format: int64 }
        name: { type: string }
        role: { type: string, enum: [owner, adult, viewer] }
        scope: { type: string, enum: [read, record, admin] }
        limited: { type: boolean, description: Whether the member sees only some pets and people. }
    Member:
      type: object
      required: [id, username, name, role, disabled]
      properties:
        id: { type: integer, format: int64 }
        username: { type: string }
        name: { type: string }
        role: { type: string, enum: [owner, adult, viewer] }
        disabled: { type: boolean }
    Subject:
      type: object
      required: [id, type, name, today, flags]
      properties:
        id: { type: integer, format: int64 }
        type: { type: string, enum: [pet, person] }
        name: { type: string }
        species: { type: string, description: "A pet's species (dog, cat, …)." }
        archived: { type: boolean }
        today: { $ref: "#/components/schemas/Today" }
        flags:
          type: array
          description: Its open flags (as `/flags` lists them).
          items: { $ref: "#/components/schemas/Flag" }
    Tracker:
      type: object
      required: [id, name, subjects, version, fields]
      properties:
        id: { type: integer, format: int64 }
        name: { type: string }
        version:
          type: string
          description: >-
            Its fields' fingerprint, which changes with any change to them (a unit, a bound, a choice). Sent back as
            the record's `tracker_version` field, a record drawn for fields since changed is refused with 409 instead of
            being read in the new ones (5000 typed for g is not stored as 5000 kg).
        subjects: { type: string, description: "Whom it is for: `species:cat` (every cat), `people`, or `subject:12` (one).", pattern: "^(people|species:[a-z_]+|subject:[0-9]+)$" }
        regimen: { type: integer, format: int64, description: The regimen whose doses its curve counts hours from. }
        readyMade: { type: string, enum: [glucose, seizure, blood_pressure], description: The ready-made tracker it was added from. }
        fields:
          type: array
          items: { $ref: "#/components/schemas/TrackerField" }
    TrackerField:
      type: object
      required: [key, name, kind, removed]
      properties:
        key: { type: string, description: "Made once and never changed: a record's value is `tracker_<key>`." }
        name: { type: string }
        kind: { type: string, enum: [number, yes_no, scale, choice, duration, text] }
        removed: { type: boolean, description: Taken off the form; its values stay in old records. }
        unit: { type: string, description: A number's unit (`mg/dL`). }
        low: { type: number, description: The lowest value a number takes. }
        high: { type: number, description: The highest. }
        step: { type: number, description: "What a number is read to (`1`, `0.5`)." }
        day: { type: string, enum: [sum, mean], description: How a day's values add up in charts. }
        goalLow: { type: number }
        goalHigh: { type: number }
        urgentFrom: { type: number, description: "At or past this (a number's value; a duration's seconds) a reading raises an `urgent_reading` flag." }
        most: { type: integer, description: A duration's longest, in seconds. }
        choices:
          type: array
          description: A scale's steps (1…n, in order) or a choice's options; a retired one is kept for old records but not offered.
          items:
            type: object
            required: [key, label, retired]
            properties:
              key: { type: string }
              label: { type: string }
              retired: { type: boolean }
    Flag:
      type: object
      required: [key, rule, subject, subjectName, level, since, text, ruleText, advice, figures, url]
      properties:
        key: { type: string, description: "The rule, and for a medicine's the regimen's id (`low_adherence.12`)." }
        rule: { type: string, enum: [weight_loss, weight_gain, vomiting, not_eating, loose_stools, severe_symptom, low_adherence, missed_days, urgent_reading] }
        subject: { type: integer, format: int64 }
        subjectName: { type: string }
        regimen: { type: integer, format: int64, description: The regimen a medicine's flag is about. }
        tracker: { type: integer, format: int64, description: The tracker an urgent reading's flag is about (`urgent_reading.3`). }
        level: { type: integer, description: How far it has gone; marked seen at one level, it comes back at a higher one. }
        since: { $ref: "#/components/schemas/Day" }
        text: { type: string, description: "What was seen, in the member's language (`최근 30일 구토 4회 — 이전 90일은 월 1회 꼴`)." }
        ruleText: { type: string, description: The rule and its source. }
        advice: { type: string, description: "`수의사와 상의해 보세요.` or `의사와 상의해 보세요.`" }
        figures:
          type: object
          description: "The figures behind the text by name: `count`, `before`, `percent`, `from` and `to` (grams), `days`, `given`, `due`, `severity`."
          additionalProperties: { type: number }
        url: { type: string, description: The records behind it (a path on this server). }
    Today:
      type: object
      required: [date, records]
      properties:
        date: { $ref: "#/components/schemas/Day" }
        records: { type: integer, description: Records made today. }
        latestWeight: { $ref: "#/components/schemas/Weighing" }
        lastMeal: { type: string, format: date-time }
        water: { $ref: "#/components/schemas/Water" }
        steps: { $ref: "#/components/schemas/Steps" }
    Weighing:
      type: object
      required: [grams, text, at]
      properties:
        grams: { type: number }
        text: { type: string, description: "As the household writes it (`4.8 kg`)." }
        at: { type: string, format: date-time }
    Water:
      type: object
      required: [date, ml, cupMl]
      properties:
        date: { $ref: "#/components/schemas/Day" }
        ml: { type: integer }
        cupMl: { type: integer }
        goalMl: { type: integer }
    Steps:
      type: object
      required: [date]
      properties:
        date: { $ref: "#/components/schemas/Day" }
        steps: { type: integer }
        goal: { type: integer }
    Record:
      type: object
      required: [id, subject, kind, at, date, fields, photos]
      properties:
        id: { type: integer, format: int64 }
        subject: { type: integer, format: int64 }
        kind: { $ref: "#/components/schemas/Kind" }
        at: { type: string, format: date-time }
        date: { $ref: "#/components/schemas/Day" }
        note: { type: string }
        fields:
          type: object
          description: The record's form fields, as its edit form holds them.
          additionalProperties: { type: string }
        photos:
          type: array
          items: { type: string, description: "The photo's address (`/photos/…`), for a signed-in browser." }
    NewRecord:
      type: object
      required: [kind]
      properties:
        kind: { $ref: "#/components/schemas/Kind" }
        at: { type: string, format: date-time, description: "When it happened; now when absent." }
        note: { type: string, maxLength: 4000 }
        fields:
          type: object
          description: |
            The kind's form fields, as text (the record form's names): `weight` and `unit` (g, kg, lb);
            a meal's `food_id` or `new_food_name`, `amount`, `amount_unit` (g, pieces), `outcome` (all, some, refused);
            toilet's `urine`, `stool` (`on`), `fecal_score` (1–7), `colour`; a walk's `activity` (walk, play, run, swim),
            `minutes`, `distance_km`; diary `title`, `text`; symptom `sign_<sign>`, `severity` (1–5); vomit `times`, `contents`;
            vaccination `vaccine_<code>` as `on` for each vaccine given, with `batch_<code>` and `next_due_<code>` (the
            codes of the species' list: `dog.dapp`, `dog.rabies`, `dog.lepto`, `dog.bordetella`, `dog.influenza`, `dog.lyme`,
            `dog.coronavirus`, `cat.fvrcp`, `cat.rabies`, `cat.felv`, `cat.chlamydia`, `rabbit.myxo_rhd`, `rabbit.rhdv2`,
            `ferret.distemper`, `ferret.rabies`, and the household's own as `own.<id>`), or one typed as `other_name_1`
            (`other_batch_1`, `other_next_due_1`; also `_2`), and `clinic_id` or `clinic_name`, `vet`; preventive
            `preventive` (heartworm, flea_tick, deworming, other), `product`, `cycle` (1m, 3m, 12m, or custom with
            `cycle_days`), `next_due`; vet visit `reason`, `diagnosis`, `treatment`, `cost`, `follow_up`;
            a tracker's record `tracker` (its id), `tracker_version` (the version `GET /trackers` listed; optional,
            but without it a record is read in today's fields) and `tracker_<key>` for each of its fields (a number
            with or without its unit, within the field's bounds; `yes`/`no`; a scale's step; a choice's key; text), a
            duration as `tracker_<key>_min` and `tracker_<key>_sec` — for a pet or a person the tracker is for.
          additionalProperties: { type: string, maxLength: 20000 }
        confirm:
          type: boolean
          description: A weighing far from the last one is refused (422) until sent again with `confirm`.
    RecordChange:
      type: object
      properties:
        at: { type: string, format: date-time }
        note: { type: string, maxLength: 4000 }
        fields:
          type: object
          additionalProperties: { type: string, maxLength: 20000 }
        confirm: { type: boolean }
    Dose:
      type: object
      required: [id, regimen, subject, subjectName, name, items, date, time, at, state]
      properties:
        id: { type: string, description: "Names the dose in `/doses/{dose}/…`." }
        regimen: { type: integer, format: int64 }
        subject: { type: integer, format: int64 }
        subjectName: { type: string }
        name: { type: string }
        items: { type: string, description: "What to give, as the household writes it (`Pimobendan 1 tablet`)." }
        date: { $ref: "#/components/schemas/Day" }
        time: { type: string, description: "HH:MM, the household's clock (where a change for the day moved it)." }
        at: { type: string, format: date-time }
        state: { type: string, enum: [later, due, missed, given, skipped] }
        stateText: { type: string, description: "The state as the dose list says it (`given by Mom at 08:03`)." }
        givenAt: { type: string, format: date-time }
        by: { type: string, description: Who marked it. }
        reason: { type: string }
    Due:
      type: object
      required: [kind, subject, subjectName, what, date, status]
      properties:
        kind: { type: string, enum: [dose, vaccination, preventive, follow_up, refill] }
        subject: { type: integer, format: int64 }
        subjectName: { type: string }
        what: { type: string }
        date: { $ref: "#/components/schemas/Day" }
        at: { type: string, format: date-time }
        status: { type: string, enum: [overdue, today, soon, later] }
        dose: { type: string, description: "A dose's id, for `/doses/{dose}/given`." }

"""#

    /// SHA-256 of the generated files (name, NUL, contents; in name order).
    public static let generatedDigest = "ba349b1f6299fdea540d281179999c236c3bd9f38279072266cd6db5e3aeb3b1"
}
