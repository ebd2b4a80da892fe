#!/usr/bin/env python3
"""Writes the example journal the README's report screenshot is made from: five months of
brews up to 2026-11-29 (V60, espresso and AeroPress; three coffees from four bags), with skip
days and a few gaps. Deterministic: the same file every run. Usage: example-journal.py FILE"""
import datetime
import json
import random
import sys

rng = random.Random(26)
lines = []
bags = [
    ("b1a9e0c4d201", "Ethiopia Guji", "Square Mile", "2026-06-20", "2026-06-27", 1000, "2026-10-31"),
    ("b2c8f1d5e302", "Kenya AA", "Assembly", "2026-08-01", "2026-08-06", 1000, None),
    ("b3d7a2e6f403", "Colombia Huila", "Origin", "2026-09-15", "2026-09-19", 500, "2026-11-01"),
    ("b4e6b3f7a504", "Ethiopia Guji", "Square Mile", "2026-10-28", "2026-11-02", 500, None),
]
for bag_id, name, roaster, roasted, opened, weight, finished in bags:
    bag = {"id": bag_id, "kind": "bean", "name": name, "roaster": roaster, "roasted": roasted, "weight_g": weight, "opened": opened}
    if finished:
        bag["finished"] = finished
    lines.append(bag)

day = datetime.date(2026, 6, 29)
end = datetime.date(2026, 11, 29)
count = 0
while day <= end:
    gap = day.month == 8 and 17 <= day.day <= 23 or day.month == 10 and 8 <= day.day <= 10
    if day.month == 9 and day.day in (12, 13):
        lines.append({"id": "5c%010x" % day.toordinal(), "kind": "skip", "day": day.isoformat()})
    elif not gap and rng.random() < 0.86:
        for slot in range(1 if rng.random() < 0.6 else 2):
            coffee = "Kenya AA" if day >= datetime.date(2026, 8, 6) and rng.random() < 0.4 else (
                "Colombia Huila" if datetime.date(2026, 9, 19) <= day < datetime.date(2026, 11, 2) else "Ethiopia Guji")
            method = "Espresso" if slot == 1 or rng.random() < 0.25 else ("AeroPress" if rng.random() < 0.2 else "V60")
            hour, minute = (7 + slot * 7, rng.randrange(0, 60, 5))
            offset = "+02:00" if day < datetime.date(2026, 10, 25) else "+01:00"
            brew = {"id": "%012x" % rng.getrandbits(48), "date": f"{day.isoformat()}T{hour:02d}:{minute:02d}:00{offset}"}
            if method == "Espresso":
                dose = 18.0
                grind = str(rng.choice([8, 9, 9, 10, 11]))
                yld = round(dose * rng.uniform(1.8, 2.6))
                rating = max(1, min(5, round(5 - abs(yld / dose - 2.1) * 4 + rng.uniform(-0.8, 0.6))))
                fields = {"rating": rating, "notes": "", "method": method, "coffee": coffee, "dose_g": dose, "yield_g": yld,
                          "grind": grind, "temp_c": 93, "time_s": rng.randrange(25, 34)}
            else:
                dose = 15.0 if method == "V60" else 14.0
                water = rng.choice([230, 240, 250, 255, 260]) if method == "V60" else 200
                grind = str(rng.choice([20, 22, 22, 24])) if method == "V60" else "12"
                rating = max(1, min(5, round(4.2 - abs(water / dose - 16.5) * 0.7 + rng.uniform(-1, 0.8))))
                fields = {"rating": rating, "notes": "", "method": method, "coffee": coffee, "dose_g": dose, "water_g": water,
                          "grind": grind, "temp_c": 94, "time_s": rng.randrange(150, 200)}
            if rng.random() < 0.15:
                fields["notes"] = rng.choice(["bright, juicy", "a bit sour: grind finer", "sweet finish", "bitter & flat"])
            fields["tags"] = ["weekend"] if day.weekday() >= 5 else []
            brew.update({key: value for key, value in fields.items() if value not in ("", [])})
            lines.append(brew)
            count += 1
    day += datetime.timedelta(days=1)

with open(sys.argv[1], "w") as out:
    for line in lines:
        out.write(json.dumps(line, separators=(",", ":"), ensure_ascii=False) + "\n")
