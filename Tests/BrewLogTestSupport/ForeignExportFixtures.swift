/// Small exports written the way each tool writes them, for the importers' tests and the README.
public enum ForeignExportFixtures {
    /// Beanconqueror's `Beanconqueror.json` as its export writes it (`JSON.stringify`, one line;
    /// records as the app's classes make them, `config.uuid` and `config.unix_timestamp` on each):
    /// a bag in use and a finished one, a V60 preparation, the rating maximum set to 10, and
    /// three brews: one rated 8 of 10 with every field, one with rating 0 and time 0, one made
    /// with a preparation the export does not hold.
    public static let beanconqueror = #"{"BEANS":[{"name":"Ethiopia Guji","buyDate":"","roastingDate":"2026-11-10T00:00:00.000+01:00","note":"peach","roaster":"Tim Wendelboe","config":{"uuid":"b1c0ffee-0000-4000-8000-000000000001","unix_timestamp":1793523600},"roast":"UNKNOWN","roast_range":0,"beanMix":"SINGLE_ORIGIN","roast_custom":"","aromatics":"peach, jasmine","weight":250,"finished":false,"cost":18.5,"attachments":[],"decaffeinated":false,"cupping_points":"","bean_roasting_type":"FILTER","bean_information":[{"country":"Ethiopia","region":"Guji","farm":"","farmer":"","elevation":"","harvest_time":"","variety":"","processing":"washed","certification":"","purchasing_price":0,"fob_price":0,"percentage":0}],"url":"","ean_article_number":"","rating":0,"qr_code":"","favourite":false,"shared":false,"cupping":{"body":0,"brightness":0,"clean_cup":0,"complexity":0,"cuppers_correction":0,"dry_fragrance":0,"finish":0,"flavor":0,"sweetness":0,"uniformity":0,"wet_aroma":0,"notes":""},"frozenDate":"","unfrozenDate":"","bestDate":"","openDate":"2026-11-12T00:00:00.000+01:00"},{"name":"Kenya AA","buyDate":"2026-10-15T09:00:00.000+02:00","roastingDate":"","note":"","roaster":"","config":{"uuid":"b1c0ffee-0000-4000-8000-000000000002","unix_timestamp":1792047600},"roast":"UNKNOWN","roast_range":0,"beanMix":"SINGLE_ORIGIN","roast_custom":"","aromatics":"","weight":0,"finished":true,"cost":0,"attachments":[],"decaffeinated":false,"cupping_points":"","bean_roasting_type":"UNKNOWN","bean_information":[],"url":"","ean_article_number":"","rating":0,"qr_code":"","favourite":false,"shared":false,"openDate":""}],"BREWS":[{"grind_size":"22","grind_weight":15,"method_of_preparation":"9e9e0000-0000-4000-8000-0000000000a1","mill":"","mill_speed":0,"mill_timer":0,"pressure_profile":"","bean":"b1c0ffee-0000-4000-8000-000000000001","brew_temperature_time":0,"brew_temperature":94,"brew_time":165,"brew_quantity":250,"brew_quantity_type":"GR","note":"sweet, long finish","rating":8,"coffee_type":"","coffee_concentration":"","coffee_first_drip_time":0,"coffee_blooming_time":35,"attachments":[],"config":{"uuid":"c0ffee00-0000-4000-8000-0000000000b1","unix_timestamp":1795156200},"tds":1.38,"brew_beverage_quantity":0,"brew_beverage_quantity_type":"GR","coordinates":{"accuracy":null,"altitude":null,"altitudeAccuracy":null,"heading":null,"latitude":null,"longitude":null,"speed":null},"cupping":{"body":0,"brightness":0,"clean_cup":0,"complexity":0,"cuppers_correction":0,"dry_fragrance":0,"finish":0,"flavor":0,"sweetness":0,"uniformity":0,"wet_aroma":0,"notes":""},"method_of_preparation_tools":[]},{"grind_size":"","grind_weight":18,"method_of_preparation":"9e9e0000-0000-4000-8000-0000000000a1","mill":"","mill_speed":0,"mill_timer":0,"pressure_profile":"","bean":"b1c0ffee-0000-4000-8000-000000000002","brew_temperature_time":0,"brew_temperature":0,"brew_time":0,"brew_quantity":0,"brew_quantity_type":"GR","note":"","rating":0,"coffee_type":"","coffee_concentration":"","coffee_first_drip_time":0,"coffee_blooming_time":0,"attachments":[],"config":{"uuid":"c0ffee00-0000-4000-8000-0000000000b2","unix_timestamp":1795244712},"tds":0,"brew_beverage_quantity":36,"brew_beverage_quantity_type":"GR","method_of_preparation_tools":[]},{"grind_size":"fine","grind_weight":17.5,"method_of_preparation":"9e9e0000-0000-4000-8000-0000000000ff","mill":"","mill_speed":0,"mill_timer":0,"pressure_profile":"","bean":"b1c0ffee-0000-4000-8000-000000000001","brew_temperature_time":0,"brew_temperature":0,"brew_time":28,"brew_quantity":0,"brew_quantity_type":"GR","note":"","rating":10,"coffee_type":"","coffee_concentration":"","coffee_first_drip_time":0,"coffee_blooming_time":0,"attachments":[],"config":{"uuid":"c0ffee00-0000-4000-8000-0000000000b3","unix_timestamp":1795362000},"tds":0,"brew_beverage_quantity":0,"brew_beverage_quantity_type":"GR","method_of_preparation_tools":[]}],"MILL":[],"PREPARATION":[{"name":"V60","note":"","config":{"uuid":"9e9e0000-0000-4000-8000-0000000000a1","unix_timestamp":1793523600},"type":"V60","style_type":"POUR_OVER","finished":false,"use_custom_parameters":false,"tools":[],"attachments":[]}],"SETTINGS":[{"brew_rating":10,"brew_rating_steps":1,"bean_rating":5,"bean_rating_steps":1,"config":{"uuid":"5e770000-0000-4000-8000-000000000001","unix_timestamp":1793523600}}],"VERSION":[]}"#

    /// `jrnl --export json` as jrnl writes it (`json.dumps(indent=2)`): the tag counts, then the
    /// entries: one starred with tags and a body, one with no body.
    public static let jrnl = """
        {
          "tags": {
            "@v60": 1,
            "@kenya": 1
          },
          "entries": [
            {
              "title": "Kenya on the V60.",
              "body": " Bright, blackcurrant; grind one finer next time.\\n",
              "date": "2026-11-20",
              "time": "07:30",
              "tags": [
                "@v60",
                "@kenya"
              ],
              "starred": true
            },
            {
              "title": "Espresso after lunch.",
              "body": "",
              "date": "2026-11-21",
              "time": "13:05",
              "tags": [],
              "starred": false
            }
          ]
        }
        """

    /// Loop Habit Tracker's `Checkmarks.csv` as its export writes it: a header of the habits, a
    /// line per day newest first, each line ending in a comma; Loop 2's words.
    public static let loop = """
        Date,Coffee,Walk,
        2026-11-22,YES_MANUAL,NO,
        2026-11-21,SKIP,YES_MANUAL,
        2026-11-20,YES_AUTO,UNKNOWN,
        2026-11-19,YES_MANUAL,NO,
        2026-11-18,NO,NO,

        """
}
