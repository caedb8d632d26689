// The activity catalog: common activities with their MET values for low, moderate and high
// intensity, each cited by its code in the Compendium of Physical Activities.
//
// Source: Ainsworth BE, Haskell WL, Herrmann SD, Meckes N, Bassett DR Jr, Tudor-Locke C, Greer JL,
// Vezina J, Whitt-Glover MC, Leon AS. "2011 Compendium of Physical Activities: a second update of
// codes and MET values." Med Sci Sports Exerc 2011;43(8):1575–1581 (the adult Compendium; every
// code and MET below is the 2011 value of that code, copied as printed, not rounded or averaged).
//
// How to read a row:
//   name, category, then three Compendium entries (code, MET) for low, moderate and high intensity,
//   then extra search words (synonyms people type; they never change a value).
// `nil` means the Compendium has no entry of that intensity for this activity, and the catalog uses
// the moderate entry for it (`Activity.derived` lists which): such an activity's MET does not
// change with that intensity, rather than being made up. Rows that name a pace or speed
// (`Walking, 3.5 mph`) are one Compendium entry: the pace is the intensity, so low and high are nil.
// Where a row picks among several candidate entries, a comment says why.
// Speeds in km/h are the Compendium's mph converted (1 mph = 1.609 km/h) and rounded.

extension ActivityCatalog {
    static let table: [Row] = [
        //  name                                    category    low               moderate          high              search words
        // Walking (Compendium major heading 17, walking)
        Row("Walking", .walking, ("17152", 2.8), ("17160", 3.5), ("17200", 4.3), "walk stroll treadmill"),  // 2.0 mph slow · for pleasure · 3.5 mph brisk; the paces are level walking, as on a treadmill
        Row("Walking, 2 mph (3.2 km/h), slow", .walking, nil, ("17152", 2.8), nil, "walk stroll"),
        Row("Walking, 2.5 mph (4 km/h)", .walking, nil, ("17170", 3.0), nil, "walk"),
        Row("Walking, 3 mph (4.8 km/h), moderate", .walking, nil, ("17190", 3.5), nil, "walk"),  // 2.8–3.2 mph
        Row("Walking, 3.5 mph (5.6 km/h), brisk", .walking, nil, ("17200", 4.3), nil, "walk"),
        Row("Walking, 4 mph (6.4 km/h), very brisk", .walking, nil, ("17220", 5.0), nil, "walk"),
        Row("Walking, 4.5 mph (7.2 km/h)", .walking, nil, ("17230", 7.0), nil, "walk"),
        Row("Walking, 5 mph (8 km/h)", .walking, nil, ("17231", 8.3), nil, "walk"),
        Row("Walking uphill", .walking, ("17210", 5.3), ("17033", 6.3), ("17211", 8.0), "walk hill incline treadmill"),  // 1–5 % grade · climbing hills, no load · 6–15 % grade
        Row("Walking the dog", .walking, nil, ("17165", 3.0), nil, "walk dog"),
        Row("Walking with a stroller", .walking, nil, ("17100", 4.0), nil, "walk pram buggy pushing"),
        Row("Nordic walking", .walking, ("17302", 4.8), ("17310", 6.8), ("17305", 9.5), "walk poles"),  // level, moderate pace · uphill · 5 mph fast
        Row("Race walking", .walking, nil, ("17110", 6.5), nil, "walk"),
        Row("Hiking", .walking, ("17082", 5.3), ("17080", 6.0), ("17012", 7.8), "hike trail"),  // fields and hillsides · cross country · with a daypack
        Row("Hiking uphill with a pack", .walking, ("17035", 6.5), ("17040", 7.3), ("17050", 8.3), "hike backpacking hill load rucking"),  // climbing hills with 0–9 · 10–20 · 21–42 lb
        Row("Stair climbing", .walking, ("17133", 4.0), ("17130", 8.0), ("17134", 8.8), "stairs steps"),  // slow · general · fast pace

        // Running (heading 12)
        Row("Running", .running, ("12030", 8.3), ("12050", 9.8), ("12080", 11.8), "run jog treadmill"),  // 5 mph · 6 mph · 7.5 mph
        Row("Jogging", .running, ("12010", 6.0), ("12020", 7.0), ("12030", 8.3), "jog run"),  // jog/walk · jogging, general · 5 mph
        Row("Running, 4 mph (6.4 km/h)", .running, nil, ("12029", 6.0), nil, "run jog"),  // 15 min/mile
        Row("Running, 5 mph (8 km/h)", .running, nil, ("12030", 8.3), nil, "run jog"),  // 12 min/mile
        Row("Running, 6 mph (9.7 km/h)", .running, nil, ("12050", 9.8), nil, "run"),  // 10 min/mile
        Row("Running, 7 mph (11.3 km/h)", .running, nil, ("12070", 11.0), nil, "run"),  // 8.5 min/mile
        Row("Running, 8 mph (12.9 km/h)", .running, nil, ("12090", 11.8), nil, "run"),  // 7.5 min/mile
        Row("Running, 9 mph (14.5 km/h)", .running, nil, ("12110", 12.8), nil, "run"),  // 6.5 min/mile
        Row("Running, 10 mph (16.1 km/h)", .running, nil, ("12120", 14.5), nil, "run"),  // 6 min/mile
        Row("Running, cross-country or trail", .running, nil, ("12140", 9.0), nil, "run trail"),
        Row("Running up stairs", .running, nil, ("12170", 15.0), nil, "run stairs"),

        // Cycling (heading 01, bicycling; stationary bikes are under 02, conditioning exercise)
        Row("Cycling", .cycling, ("01010", 4.0), ("01015", 7.5), ("01040", 10.0), "bike bicycle biking ride"),  // < 10 mph leisure · general · 14–16 mph fast
        Row("Cycling, leisurely", .cycling, ("01018", 3.5), ("01010", 4.0), ("01019", 5.8), "bike bicycle ride"),  // 5.5 mph · < 10 mph · 9.4 mph
        Row("Cycling, 10–12 mph (16–19 km/h)", .cycling, nil, ("01020", 6.8), nil, "bike bicycle road"),  // leisure, slow, light effort
        Row("Cycling, 12–14 mph (19–23 km/h)", .cycling, nil, ("01030", 8.0), nil, "bike bicycle road"),  // leisure, moderate effort
        Row("Cycling, 14–16 mph (23–26 km/h)", .cycling, nil, ("01040", 10.0), nil, "bike bicycle road"),  // fast, vigorous effort
        Row("Cycling, 16–19 mph (26–31 km/h)", .cycling, nil, ("01050", 12.0), nil, "bike bicycle road racing"),  // very fast
        Row("Cycling, over 20 mph (32 km/h)", .cycling, nil, ("01060", 15.8), nil, "bike bicycle road racing"),  // racing, not drafting
        Row("Cycling to work", .cycling, nil, ("01011", 6.8), nil, "bike bicycle commute commuting"),  // self-selected pace
        Row("Mountain biking", .cycling, ("01013", 5.8), ("01009", 8.5), ("01003", 14.0), "bike bicycle mtb trail"),  // dirt road · general · uphill, vigorous
        Row("Stationary bike", .cycling, ("02011", 3.5), ("02012", 6.8), ("02013", 8.8), "cycling exercise bike indoor trainer"),  // 30–50 W · 90–100 W · 101–160 W
        Row("Spinning class", .cycling, nil, ("02019", 8.5), nil, "spin rpm indoor cycling bike"),

        // Gym and fitness (heading 02, conditioning exercise; aerobics and jump rope from 03 and 15)
        Row(
            "Strength training", .fitness, ("02054", 3.5), ("02052", 5.0), ("02050", 6.0),
            "weights weight lifting resistance gym barbell dumbbell"),  // 8–15 reps varied · squats · power lifting, vigorous
        Row(
            "Bodyweight exercises", .fitness, ("02024", 2.8), ("02022", 3.8), ("02020", 8.0),
            "calisthenics pushups situps pullups crunches lunges"),  // light · moderate · vigorous calisthenics
        Row("Circuit training", .fitness, nil, ("02035", 4.3), ("02040", 8.0), "kettlebell gym"),  // no light entry
        Row(
            "HIIT", .fitness, ("02008", 5.0), ("02062", 7.8), ("02040", 8.0),
            "high intensity interval training bootcamp boot camp conditioning class"),  // boot camp · conditioning class · vigorous circuit, minimal rest
        Row("Elliptical trainer", .fitness, nil, ("02048", 5.0), nil, "cross trainer"),  // the Compendium has only a moderate entry
        Row("Rowing machine", .fitness, ("02071", 4.8), ("02072", 7.0), ("02073", 8.5), "rower erg ergometer indoor rowing"),  // moderate, general · 100 W · 150 W
        Row("Stair climber machine", .fitness, nil, ("02065", 9.0), nil, "stairmaster stepper stairs treadmill"),
        Row("Jump rope", .fitness, ("15552", 8.8), ("15551", 11.8), ("15550", 12.3), "skipping rope"),  // < 100 · 100–120 · 120–160 skips/min
        Row("Aerobics", .fitness, ("03020", 5.0), ("03015", 7.3), ("03021", 7.3), "aerobic dance class"),  // low impact · general · high impact
        Row("Step aerobics", .fitness, ("03018", 5.5), ("03016", 7.5), ("03017", 9.5), "step class aerobic"),  // 4 · 6–8 · 10–12 inch step
        Row("Dance fitness (jazzercise)", .fitness, nil, ("02090", 6.0), nil, "zumba jazzercise slimnastics dance class"),
        Row("Water aerobics", .fitness, nil, ("02120", 5.3), nil, "aqua aerobics aquafit pool"),
        Row("Pilates", .fitness, nil, ("02105", 3.0), nil, "reformer core"),
        Row("Yoga", .fitness, ("02150", 2.5), ("02180", 3.3), ("02160", 4.0), "hatha sun salutation power vinyasa"),  // Hatha · Surya Namaskar · Power
        Row("Stretching", .fitness, nil, ("02101", 2.3), nil, "mobility flexibility"),  // mild
        Row("Tai chi", .fitness, nil, ("15670", 3.0), nil, "qigong qi gong"),
        Row("Home workout video", .fitness, ("02140", 2.3), ("02143", 4.0), ("02146", 6.0), "tv online class exercise"),
        Row("Active video games", .fitness, ("02001", 2.3), ("02003", 3.8), ("02005", 7.2), "wii fit exergaming dance revolution ddr"),

        // Dancing (heading 03)
        Row("Dancing", .dance, ("03040", 3.0), ("03030", 5.5), ("03031", 7.8), "dance ballroom disco line waltz"),  // ballroom, slow · ballroom, fast · disco, folk, line dancing
        Row("Ballet, modern or jazz dance", .dance, nil, ("03010", 5.0), ("03012", 6.8), "dance dancing"),  // class or rehearsal · performance; no light entry
        Row("Cultural dance (salsa, flamenco)", .dance, nil, ("03025", 4.5), nil, "dance dancing merengue belly hula swing"),

        // Swimming (heading 18, water activities)
        Row("Swimming", .water, ("18240", 5.8), ("18290", 8.3), ("18280", 10.0), "swim laps freestyle crawl pool"),  // freestyle, slow · crawl ~50 yd/min · crawl ~75 yd/min
        Row("Swimming, leisurely", .water, nil, ("18310", 6.0), nil, "swim pool"),  // not lap swimming
        Row("Swimming, breaststroke", .water, nil, ("18265", 5.3), ("18260", 10.3), "swim"),  // recreational · training; no light entry
        Row("Swimming, backstroke", .water, nil, ("18255", 4.8), ("18250", 9.5), "swim"),  // recreational · training; no light entry
        Row("Swimming, butterfly", .water, nil, ("18270", 13.8), nil, "swim"),
        Row("Swimming, open water", .water, nil, ("18300", 6.0), nil, "swim lake sea ocean river"),
        Row("Treading water", .water, nil, ("18350", 3.5), ("18340", 9.8), "swim"),  // moderate · fast; no light entry

        // Sports (heading 15)
        Row("Soccer", .sports, nil, ("15610", 7.0), ("15605", 10.0), "football futbol"),  // casual · competitive; casual is the lightest entry
        Row("Basketball", .sports, ("15070", 4.5), ("15055", 6.5), ("15040", 8.0), "hoops"),  // shooting baskets · general · game
        Row("Volleyball", .sports, ("15720", 3.0), ("15710", 4.0), ("15711", 6.0), ""),  // non-competitive · general · competitive, gym
        Row("Beach volleyball", .sports, nil, ("15725", 8.0), nil, "volleyball sand"),
        Row("Tennis", .sports, ("15695", 5.0), ("15675", 7.3), ("15690", 8.0), ""),  // hitting balls · general · singles
        // The 2011 Compendium has no padel code; padel is played in doubles on a small walled court,
        // so it is found as tennis, doubles, never given values of its own.
        Row("Tennis, doubles", .sports, ("15685", 4.5), ("15680", 6.0), nil, "padel"),  // the two doubles entries; no vigorous one
        Row("Badminton", .sports, nil, ("15030", 5.5), ("15020", 7.0), ""),  // social · competitive
        Row("Table tennis", .sports, nil, ("15660", 4.0), nil, "ping pong pingpong"),
        Row("Squash", .sports, nil, ("15652", 7.3), ("15650", 12.0), ""),  // general · Taylor code 530
        Row("Racquetball", .sports, nil, ("15530", 7.0), ("15520", 10.0), ""),  // general · competitive
        Row("Golf", .sports, ("15290", 3.5), ("15255", 4.8), ("15285", 5.3), ""),  // power cart · general · walking, pulling clubs
        Row("American football", .sports, ("15232", 4.0), ("15230", 8.0), ("15210", 8.0), "touch flag gridiron"),  // touch, light · touch or flag · competitive
        Row("Rugby", .sports, nil, ("15562", 6.3), ("15560", 8.3), ""),  // touch · union, competitive
        Row("Ice hockey", .sports, nil, ("15360", 8.0), ("15362", 10.0), "hockey"),  // general · competitive
        Row("Field hockey", .sports, nil, ("15350", 7.8), nil, "hockey"),
        Row("Baseball or softball", .sports, ("15625", 4.0), ("15620", 5.0), nil, ""),  // softball practice · general; no vigorous entry
        Row("Cricket", .sports, nil, ("15150", 4.8), nil, ""),
        Row("Ultimate frisbee", .sports, nil, ("15250", 8.0), nil, "frisbee disc"),
        // 15533 "rock or mountain climbing" (8.0) is left out: it is above the high-difficulty entry.
        Row("Rock climbing", .sports, nil, ("15537", 5.8), ("15535", 7.5), "climbing bouldering wall"),  // low-to-moderate · high difficulty
        Row("Martial arts", .sports, ("15425", 5.3), ("15430", 10.3), nil, "karate judo jujitsu taekwondo kickboxing muay thai"),  // slower pace · moderate pace
        Row("Boxing", .sports, ("15110", 5.5), ("15120", 7.8), ("15100", 12.8), "punching bag sparring"),  // bag · sparring · in ring
        Row("Fencing", .sports, nil, ("15200", 6.0), nil, ""),
        Row("Horseback riding", .sports, ("15400", 3.8), ("15370", 5.5), ("15395", 7.3), "horse equestrian"),  // walking · general · canter or gallop
        Row("Bowling", .sports, nil, ("15092", 3.8), nil, "tenpin"),  // indoor, bowling alley
        Row("Trampoline", .sports, nil, ("15700", 3.5), ("15702", 4.5), ""),  // recreational · competitive
        Row("Skateboarding", .sports, nil, ("15580", 5.0), ("15582", 6.0), "skate"),  // general · competitive
        Row("Inline skating", .sports, ("15591", 7.5), ("15592", 9.8), ("15593", 12.3), "rollerblading rollerblade skate"),  // 9 · 11 · 13 mph
        Row("Roller skating", .sports, nil, ("15590", 7.0), nil, "skate"),
        Row("Gymnastics", .sports, nil, ("15300", 3.8), nil, ""),

        // Winter (heading 19)
        Row("Skiing, downhill or snowboarding", .winter, ("19150", 4.3), ("19160", 5.3), ("19170", 8.0), "ski alpine snowboard"),  // light · moderate · vigorous, racing
        Row("Skiing, cross-country", .winter, ("19080", 6.8), ("19090", 9.0), ("19100", 12.5), "ski nordic"),  // 2.5 · 4–4.9 · 5–7.9 mph
        Row("Ice skating", .winter, ("19020", 5.5), ("19030", 7.0), ("19040", 9.0), "skate"),  // ≤ 9 mph · general · > 9 mph
        Row("Snowshoeing", .winter, nil, ("19190", 5.3), ("19192", 10.0), "snow"),  // moderate · vigorous

        // On the water (heading 18)
        Row("Canoeing or kayaking", .water, ("18040", 2.8), ("18050", 5.8), ("18060", 12.5), "kayak canoe paddle paddling"),  // 2–3.9 · 4–5.9 · > 6 mph
        Row("Rowing a boat", .water, nil, ("18070", 3.5), ("18080", 12.0), "rowing crew sculling"),  // for pleasure · competition or crew
        Row("Stand-up paddleboarding", .water, nil, ("18225", 6.0), nil, "sup paddle board"),
        Row("Surfing", .water, nil, ("18220", 3.0), ("18222", 5.0), "surf bodyboard"),  // general · competitive
        Row("Scuba diving", .water, nil, ("18200", 7.0), nil, "diving dive"),

        // Home and garden (headings 05 and 08)
        Row("Housework", .home, ("05025", 2.8), ("05026", 3.5), ("05027", 4.3), "cleaning chores mopping dusting"),  // several tasks at once: light · moderate · vigorous
        Row("Vacuuming", .home, nil, ("05043", 3.3), nil, "hoovering cleaning"),
        Row("Gardening", .home, ("08135", 2.0), ("08245", 3.8), ("08052", 7.8), "garden weeding planting digging"),  // planting, light · general · digging, vigorous
        Row("Mowing the lawn", .home, ("08125", 4.5), ("08095", 5.5), ("08110", 6.0), "lawn mower mow"),  // power mower · general · hand mower
        Row("Yard work", .home, ("08260", 3.0), ("08261", 4.0), ("08262", 6.0), "garden yard"),
        Row("Shoveling snow", .home, nil, ("08195", 5.3), ("08202", 7.5), "snow shovel shovelling"),  // moderate · vigorous
        Row("Moving, carrying boxes", .home, ("05121", 5.0), ("05120", 5.8), ("05150", 9.0), "moving boxes lifting furniture"),  // light loads · general · upstairs
        Row("Playing with children", .home, ("05171", 2.8), ("05175", 3.5), ("05180", 5.8), "kids play"),  // standing · walk/run moderate · vigorous
        Row("Chopping wood", .home, nil, ("08019", 4.5), ("08020", 6.3), "splitting logs axe"),  // moderate · vigorous
    ]
}
