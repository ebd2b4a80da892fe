/// Small exports written the way each tool writes them, for the importers' tests and the README.
public enum ForeignExportFixtures {
    /// Beanconqueror's `Beanconqueror.json` as its export writes it (`JSON.stringify`, one line;
    /// records as the app's classes make them, `config.uuid` and `config.unix_timestamp` on each):
    /// a bag in use and a finished one, a V60 preparation, the rating maximum set to 10, and
    /// three brews: one rated 8 of 10 with every field, one with rating 0 and time 0, one made
    /// with a preparation the export does not hold.
    public static let beanconqueror = #"{"BEANS":[{"name":"Ethiopia Guji","buyDate":"","roastingDate":"2026-11-10T00:00:00.000+01:00","note":"peach","roaster":"Tim Wendelboe","config":{"uuid":"b1c0ffee-0000-4000-8000-000000000001","unix_timestamp":1793523600},"roast":"UNKNOWN","roast_range":0,"beanMix":"SINGLE_ORIGIN","roast_custom":"","aromatics":"peach, jasmine","weight":250,"finished":false,"cost":18.5,"attachments":[],"decaffeinated":false,"cupping_points":"","bean_roasting_type":"FILTER","bean_information":[{"country":"Ethiopia","region":"Guji","farm":"","farmer":"","elevation":"","harvest_time":"","variety":"","processing":"washed","certification":"","purchasing_price":0,"fob_price":0,"percentage":0}],"url":"","ean_article_number":"","rating":0,"qr_code":"","favourite":false,"shared":false,"cupping":{"body":0,"brightness":0,"clean_cup":0,"complexity":0,"cuppers_correction":0,"dry_fragrance":0,"finish":0,"flavor":0,"sweetness":0,"uniformity":0,"wet_aroma":0,"notes":""},"frozenDate":"","unfrozenDate":"","bestDate":"","openDate":"2026-11-12T00:00:00.000+01:00"},{"name":"Kenya AA","buyDate":"2026-10-15T09:00:00.000+02:00","roastingDate":"","note":"","roaster":"","config":{"uuid":"b1c0ffee-0000-4000-8000-000000000002","unix_timestamp":1792047600},"roast":"UNKNOWN","roast_range":0,"beanMix":"SINGLE_ORIGIN","roast_custom":"","aromatics":"","weight":0,"finished":true,"cost":0,"attachments":[],"decaffeinated":false,"cupping_points":"","bean_roasting_type":"UNKNOWN","bean_information":[],"url":"","ean_article_number":"","rating":0,"qr_code":"","favourite":false,"shared":false,"openDate":""}],"BREWS":[{"grind_size":"22","grind_weight":15,"method_of_preparation":"9e9e0000-0000-4000-8000-0000000000a1","mill":"","mill_speed":0,"mill_timer":0,"pressure_profile":"","bean":"b1c0ffee-0000-4000-8000-000000000001","brew_temperature_time":0,"brew_temperature":94,"brew_time":165,"brew_quantity":250,"brew_quantity_type":"GR","note":"sweet, long finish","rating":8,"coffee_type":"","coffee_concentration":"","coffee_first_drip_time":0,"coffee_blooming_time":35,"attachments":[],"config":{"uuid":"c0ffee00-0000-4000-8000-0000000000b1","unix_timestamp":1795156200},"tds":1.38,"brew_beverage_quantity":0,"brew_beverage_quantity_type":"GR","coordinates":{"accuracy":null,"altitude":null,"altitudeAccuracy":null,"heading":null,"latitude":null,"longitude":null,"speed":null},"cupping":{"body":0,"brightness":0,"clean_cup":0,"complexity":0,"cuppers_correction":0,"dry_fragrance":0,"finish":0,"flavor":0,"sweetness":0,"uniformity":0,"wet_aroma":0,"notes":""},"method_of_preparation_tools":[]},{"grind_size":"","grind_weight":18,"method_of_preparation":"9e9e0000-0000-4000-8000-0000000000a1","mill":"","mill_speed":0,"mill_timer":0,"pressure_profile":"","bean":"b1c0ffee-0000-4000-8000-000000000002","brew_temperature_time":0,"brew_temperature":0,"brew_time":0,"brew_quantity":0,"brew_quantity_type":"GR","note":"","rating":0,"coffee_type":"","coffee_concentration":"","coffee_first_drip_time":0,"coffee_blooming_time":0,"attachments":[],"config":{"uuid":"c0ffee00-0000-4000-8000-0000000000b2","unix_timestamp":1795244712},"tds":0,"brew_beverage_quantity":36,"brew_beverage_quantity_type":"GR","method_of_preparation_tools":[]},{"grind_size":"fine","grind_weight":17.5,"method_of_preparation":"9e9e0000-0000-4000-8000-0000000000ff","mill":"","mill_speed":0,"mill_timer":0,"pressure_profile":"","bean":"b1c0ffee-0000-4000-8000-000000000001","brew_temperature_time":0,"brew_temperature":0,"brew_time":28,"brew_quantity":0,"brew_quantity_type":"GR","note":"","rating":10,"coffee_type":"","coffee_concentration":"","coffee_first_drip_time":0,"coffee_blooming_time":0,"attachments":[],"config":{"uuid":"c0ffee00-0000-4000-8000-0000000000b3","unix_timestamp":1795362000},"tds":0,"brew_beverage_quantity":0,"brew_beverage_quantity_type":"GR","method_of_preparation_tools":[]}],"MILL":[],"PREPARATION":[{"name":"V60","note":"","config":{"uuid":"9e9e0000-0000-4000-8000-0000000000a1","unix_timestamp":1793523600},"type":"V60","style_type":"POUR_OVER","finished":false,"use_custom_parameters":false,"tools":[],"attachments":[]}],"SETTINGS":[{"brew_rating":10,"brew_rating_steps":1,"bean_rating":5,"bean_rating_steps":1,"config":{"uuid":"5e770000-0000-4000-8000-000000000001","unix_timestamp":1793523600}}],"VERSION":[]}"#

    /// `Beanconqueror.json` as the app's 2020 versions wrote it (one line, `JSON.stringify`):
    /// records without `tds`, `bean_information` or `brew_beverage_quantity`, a `SETTINGS` record
    /// with no `brew_rating` (those versions rated every brew 0–10), quantities typed `GR` or
    /// `ML`, and four brews rated 0, 4, 8 and 9.
    public static let beanconqueror2020 = #"{"BEANS":[{"name":"Ruanda Muhonso","roastingDate":"2020-03-25T11:07:33.051+01:00","note":"","filePath":"","roaster":"Machhörndl","config":{"uuid":"43afcba9-b20a-4dec-a4e0-d4c3770bcf68","unix_timestamp":1585472888},"roast":"UNKNOWN","roast_custom":"","beanMix":"SINGLE_ORIGIN","variety":"","country":"","aromatics":"","weight":250,"finished":true,"cost":0,"attachments":[]},{"name":"Fire Finch","roastingDate":"2020-03-30T08:37:15.236Z","note":"","filePath":"","roaster":"Flying Roasters","config":{"uuid":"ce7ebc88-a769-484e-884d-eeae3fdc5380","unix_timestamp":1585557460},"roast":"UNKNOWN","roast_custom":"","beanMix":"SINGLE_ORIGIN","variety":"","country":"","aromatics":"","weight":500,"finished":false,"cost":12.5,"attachments":[]}],"BREWS":[{"grind_size":"4.4","grind_weight":35,"method_of_preparation":"be8006be-4734-499a-b7f6-431b7163072b","mill":"cbaf4931-e7a0-4a00-9981-cad538879610","mill_speed":0,"mill_timer":0,"pressure_profile":"","bean":"43afcba9-b20a-4dec-a4e0-d4c3770bcf68","brew_temperature_time":0,"brew_temperature":92,"brew_time":160,"brew_quantity":592,"brew_quantity_type":"GR","note":"","rating":0,"coffee_type":"Brühkaffee","coffee_concentration":"","coffee_first_drip_time":0,"coffee_blooming_time":29,"attachments":[],"config":{"uuid":"c2eb1a42-ae32-4a14-b52b-82fc7655cbec","unix_timestamp":1585472905}},{"grind_size":"2.4","grind_weight":18,"method_of_preparation":"9f7324c9-e289-4022-9d26-fedab985446f","mill":"cbaf4931-e7a0-4a00-9981-cad538879610","mill_speed":0,"mill_timer":0,"pressure_profile":"","bean":"43afcba9-b20a-4dec-a4e0-d4c3770bcf68","brew_temperature_time":0,"brew_temperature":92,"brew_time":130,"brew_quantity":280,"brew_quantity_type":"GR","note":"","rating":4,"coffee_type":"","coffee_concentration":"","coffee_first_drip_time":0,"coffee_blooming_time":30,"attachments":[],"config":{"uuid":"112ce1d8-4d18-46e4-986f-9109b0bb9fd1","unix_timestamp":1585494666}},{"grind_size":"4","grind_weight":35,"method_of_preparation":"be8006be-4734-499a-b7f6-431b7163072b","mill":"cbaf4931-e7a0-4a00-9981-cad538879610","mill_speed":0,"mill_timer":0,"pressure_profile":"","bean":"ce7ebc88-a769-484e-884d-eeae3fdc5380","brew_temperature_time":0,"brew_temperature":92,"brew_time":180,"brew_quantity":598,"brew_quantity_type":"GR","note":"","rating":8,"coffee_type":"","coffee_concentration":"","coffee_first_drip_time":0,"coffee_blooming_time":31,"attachments":[],"config":{"uuid":"fde04458-8511-456d-9456-a5947351ef01","unix_timestamp":1585557500}},{"grind_size":"2.7","grind_weight":20,"method_of_preparation":"9f7324c9-e289-4022-9d26-fedab985446f","mill":"cbaf4931-e7a0-4a00-9981-cad538879610","mill_speed":0,"mill_timer":0,"pressure_profile":"","bean":"ce7ebc88-a769-484e-884d-eeae3fdc5380","brew_temperature_time":0,"brew_temperature":80,"brew_time":188,"brew_quantity":300,"brew_quantity_type":"ML","note":"","rating":9,"coffee_type":"","coffee_concentration":"","coffee_first_drip_time":0,"coffee_blooming_time":181,"attachments":[],"config":{"uuid":"19d042cc-d15a-4d96-971d-fb3ec4b566cf","unix_timestamp":1585593907}}],"MILL":[{"name":"Comandante","note":"","config":{"uuid":"cbaf4931-e7a0-4a00-9981-cad538879610","unix_timestamp":1585472800},"finished":false}],"PREPARATION":[{"name":"Chemex","note":"","config":{"uuid":"be8006be-4734-499a-b7f6-431b7163072b","unix_timestamp":1585472800},"type":"CHEMEX","finished":false},{"name":"V60","note":"","config":{"uuid":"9f7324c9-e289-4022-9d26-fedab985446f","unix_timestamp":1585472800},"type":"V60","finished":false}],"SETTINGS":[{"brew_view":"0","startup_view":"0","brew_time":true,"grind_size":true,"grind_weight":true,"rating":true,"config":{"uuid":"8a58ae94-fee8-4252-a9a7-2ed4fdc1df57","unix_timestamp":1585472700},"language":"de","analytics":false}],"VERSION":[]}"#

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
