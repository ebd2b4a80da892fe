/// The journal the report's render tests draw: two bags, V60s and espressos of two coffees, and
/// a skip day, read on Sunday 29 November 2026 in Berlin.
enum ReportFixture {
    static let journal = [
        #"{"id":"bag000000001","kind":"bean","name":"Kenya AA","roaster":"Assembly","roasted":"2026-11-10","weight_g":250,"opened":"2026-11-12"}"#,
        #"{"id":"bag000000002","kind":"bean","name":"Ethiopia <Guji>","roasted":"2026-11-15","weight_g":250,"opened":"2026-11-20"}"#,
        #"{"id":"v60a00000001","date":"2026-11-25T07:30:00+01:00","rating":4,"notes":"<script>console.error(1)</script>","method":"V60","coffee":"Kenya AA","dose_g":15,"water_g":250,"grind":"22","tags":["morning"]}"#,
        #"{"id":"v60a00000002","date":"2026-11-26T07:30:00+01:00","rating":5,"notes":"","method":"V60","coffee":"Kenya AA","dose_g":16,"water_g":250,"grind":"20"}"#,
        #"{"id":"v60a00000003","date":"2026-11-27T07:30:00+01:00","rating":3,"notes":"\"><img src=x onerror=console.error(2)>","method":"v60","coffee":"Ethiopia <Guji>","dose_g":15,"water_g":240,"grind":"24"}"#,
        #"{"id":"shot00000001","date":"2026-11-27T15:00:00+01:00","rating":4,"notes":"","method":"Espresso","coffee":"Ethiopia <Guji>","dose_g":18,"yield_g":36,"grind":"9"}"#,
        #"{"id":"shot00000002","date":"2026-11-28T15:00:00+01:00","rating":5,"notes":"","method":"Espresso","coffee":"Ethiopia <Guji>","dose_g":18.5,"yield_g":40,"grind":"8"}"#,
        #"{"id":"skip00000001","kind":"skip","day":"2026-11-24"}"#,
    ].joined(separator: "\n") + "\n"
}
