#!/usr/bin/env python3
"""Writes a journal of years, to look at the report of a long history: brews from March 2020 to
2026-11-29 with gaps (no brew from July 2022 to February 2023, a few weeks off each summer), 14
bags of eight coffees, V60, espresso, AeroPress, and a moka pot logged without water or yield (so
it has no ratio), skip days and notes. Deterministic: the same file every run.
Usage: history-journal.py FILE [BREWS_PER_DAY]   (default about 1.4; 40 gives about 100,000 brews)"""
import datetime
import json
import random
import sys

rng = random.Random(2020)
per_day = float(sys.argv[2]) if len(sys.argv) > 2 else 1.4
lines = []
coffees = ["Ethiopia Guji", "Kenya AA", "Colombia Huila", "Brazil Cerrado", "Rwanda Nyamasheke",
           "Guatemala Huehuetenango", "Costa Rica Tarrazú", "Sumatra Mandheling"]
roasters = ["Square Mile", "Assembly", "Origin", "Friedhats", "La Cabra"]
bags = []
start = datetime.date(2020, 3, 2)
end = datetime.date(2026, 11, 29)
# Fourteen bags, one after another, each open for a few months; the last three still open.
opened = start
for index in range(14):
    roasted = opened - datetime.timedelta(days=rng.randrange(3, 9))
    coffee = coffees[index % len(coffees)]
    last = index >= 11
    span = (end - opened).days if last else rng.randrange(90, 200)
    finished = None if last else opened + datetime.timedelta(days=span)
    bag = {"id": "ba%010x" % (index + 1), "kind": "bean", "name": coffee, "roaster": roasters[index % len(roasters)],
           "roasted": roasted.isoformat(), "weight_g": 2500, "opened": opened.isoformat()}
    if finished:
        bag["finished"] = finished.isoformat()
    bags.append((coffee, opened, finished or end))
    lines.append(bag)
    opened = (finished or end) + datetime.timedelta(days=1) if index < 10 else opened + datetime.timedelta(days=9)


def coffee_on(day):
    open_now = [name for name, first, last in bags if first <= day <= last]
    return rng.choice(open_now) if open_now else None


day = start
while day <= end:
    gap = (datetime.date(2022, 7, 1) <= day < datetime.date(2023, 3, 1)) or (day.month == 8 and 5 <= day.day <= 25)
    if day.month == 12 and day.day in (24, 25) and not gap:
        lines.append({"id": "5c%010x" % day.toordinal(), "kind": "skip", "day": day.isoformat()})
    elif not gap and rng.random() < 0.8:
        count = max(1, round(rng.uniform(0.5, 1.5) * per_day))
        for slot in range(count):
            coffee = coffee_on(day)
            roll = rng.random()
            method = "Espresso" if roll < 0.3 else "AeroPress" if roll < 0.45 else "Moka pot" if roll < 0.55 else "V60"
            hour, minute = 7 + (slot * 3) % 15, rng.randrange(0, 60, 5)
            brew = {"id": "%012x" % rng.getrandbits(48), "date": f"{day.isoformat()}T{hour:02d}:{minute:02d}:00Z"}
            if method == "Espresso":
                dose = 18.0
                grind = str(rng.choice([7, 8, 9, 9, 10, 11]))
                yld = round(dose * rng.uniform(1.8, 2.6))
                rating = max(1, min(5, round(5 - abs(yld / dose - 2.1) * 4 - abs(int(grind) - 9) * 0.4 + rng.uniform(-0.8, 0.6))))
                fields = {"rating": rating, "method": method, "dose_g": dose, "yield_g": yld, "grind": grind, "temp_c": 93}
            elif method == "Moka pot":
                fields = {"rating": rng.choice([2, 3, 3, 4]), "method": method, "dose_g": 17.0, "grind": "fine"}
            else:
                dose = 15.0 if method == "V60" else 14.0
                water = rng.choice([230, 240, 250, 255, 260]) if method == "V60" else 200
                grind = str(rng.choice([18, 20, 22, 22, 24, 26])) if method == "V60" else "12"
                rating = max(1, min(5, round(4.4 - abs(water / dose - 16.5) * 0.6 - abs(int(grind) - 22) * 0.15 + rng.uniform(-1, 0.8))))
                fields = {"rating": rating, "method": method, "dose_g": dose, "water_g": water, "grind": grind, "temp_c": 94}
            if coffee:
                fields["coffee"] = coffee
            if rng.random() < 0.1:
                fields["notes"] = rng.choice(["bright, juicy", "a bit sour: grind finer", "sweet finish, long and clean aftertaste",
                                              "bitter & flat", "new kettle"])
            if day.weekday() >= 5:
                fields["tags"] = ["weekend"]
            brew.update(fields)
            lines.append(brew)
    day += datetime.timedelta(days=1)

with open(sys.argv[1], "w") as out:
    for line in lines:
        out.write(json.dumps(line, separators=(",", ":"), ensure_ascii=False) + "\n")
