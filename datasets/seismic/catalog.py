"""The synthetic earthquake catalog: regions from the zones, quakes scattered along them.

A quake holds integers and a method, in fixed-point units so that every comparison the generator
makes is exact: second is Unix time in whole seconds (unique over the catalog), lat/lon are
thousandths of a degree, depth is tenths of a km, mag is tenths of a magnitude unit.
"""
import bisect
import calendar
import math
import random
from collections import namedtuple

from boundaries import ZONES
import geometry

SEED = 20100427
QUAKE_COUNT = 93_512
# The time span of the 2010 article's data set.
START_SECOND = calendar.timegm((2000, 1, 1, 1, 19, 26))
END_SECOND = calendar.timegm((2003, 8, 31, 23, 7, 59))

MIN_MAGNITUDE = 3.8
MAX_MAGNITUDE = 9.0
B_VALUE = 1.0
MAINSHOCK_MAGNITUDE = 6.0
OMORI_P = 1.1
OMORI_C_DAYS = 0.05
AFTERSHOCK_DAYS = 365
MAX_AFTERSHOCKS = 3000
# Catalogs report many quakes at a fixed depth when the data cannot resolve it.
FIXED_DEPTHS_KM = (10.0, 33.0)

ACROSS_SIGMA_KM = {"ridge": 12, "transform": 15, "continental": 60, "intraplate": 120}
LAT_LIMIT_E3 = 89_999
LON_LIMIT_E3 = 179_999

Region = namedtuple("Region", "id seismic_region name")
Segment = namedtuple("Segment", "region_id zone a b length along normal")
Quake = namedtuple("Quake", "second millis lat lon depth mag method region")


def build_regions():
    """Geographic regions numbered in zone order, and the segments that produce their quakes."""
    regions, segments, ids_by_name = [], [], {}
    for zone in ZONES:
        points = geometry.unwrap([(lon, lat) for lon, lat, _ in zone.points])
        for (a, b), (_, _, name) in zip(zip(points, points[1:]), zone.points):
            if name not in ids_by_name:
                ids_by_name[name] = len(regions) + 1
                regions.append(Region(ids_by_name[name], zone.seismic_region, name))
            elif regions[ids_by_name[name] - 1].seismic_region != zone.seismic_region:
                raise ValueError(f"region {name!r} is named in two seismic regions")
            length, along, normal = geometry.segment_frame(a, b)
            segments.append(Segment(ids_by_name[name], zone, a, b, length, along, normal))
    return regions, segments


def generate(seed=SEED, count=QUAKE_COUNT):
    """The regions and the catalog sorted by time; deterministic for a given seed."""
    rng = random.Random(seed)
    regions, segments = build_regions()
    pick_segment = _segment_picker(segments)
    quakes = []
    while len(quakes) < count:
        main = _mainshock(rng, pick_segment(rng))
        quakes.append(main)
        if main.mag >= round(MAINSHOCK_MAGNITUDE * 10):
            seismic_region = regions[main.region - 1].seismic_region
            quakes.extend(_aftershocks(rng, main, seismic_region, count - len(quakes)))
    quakes.sort(key=lambda q: (q.second, q.millis))
    return regions, _unique_seconds(quakes)


def _segment_picker(segments):
    zone_lengths = {}
    for segment in segments:
        key = id(segment.zone)
        zone_lengths[key] = zone_lengths.get(key, 0.0) + segment.length
    cumulative, total = [], 0.0
    for segment in segments:
        total += segment.zone.weight * segment.length / zone_lengths[id(segment.zone)]
        cumulative.append(total)
    return lambda rng: segments[bisect.bisect_right(cumulative, rng.random() * total)]


def _mainshock(rng, segment):
    zone = segment.zone
    t = rng.random()
    lon = segment.a[0] + t * (segment.b[0] - segment.a[0])
    lat = segment.a[1] + t * (segment.b[1] - segment.a[1])
    if zone.kind == "subduction":
        across, depth = _subduction_offset_and_depth(rng, zone)
    else:
        across, depth = rng.gauss(0, ACROSS_SIGMA_KM[zone.kind]), _shallow_depth(rng, zone.kind)
    along = rng.gauss(0, 10)
    east = along * segment.along[0] + across * segment.normal[0]
    north = along * segment.along[1] + across * segment.normal[1]
    lon, lat = geometry.offset(lon, lat, east, north)
    mag = _magnitude(rng, MAX_MAGNITUDE)
    second = rng.randrange(START_SECOND, END_SECOND)
    return _quake(rng, second, lat, lon, depth, mag, segment.region_id, zone.seismic_region)


def _subduction_offset_and_depth(rng, zone):
    """Distance toward the overriding plate and depth on the dipping slab (a Benioff zone)."""
    slope = math.tan(math.radians(zone.dip))
    r = rng.random()
    if r < 0.06:
        return -rng.expovariate(1 / 25), rng.uniform(5, 40)
    if r < 0.80:
        while True:
            distance = rng.expovariate(1 / 35)
            depth = 8 + distance * slope + rng.gauss(0, 5)
            if depth <= zone.max_depth:
                break
        if depth < 70 and rng.random() < 0.2:
            depth = FIXED_DEPTHS_KM[1]
        return zone.side * distance + rng.gauss(0, 8), max(depth, 1.0)
    if r < 0.96 or zone.max_depth <= 300:
        depth = rng.uniform(70, min(300, zone.max_depth))
    else:
        depth = rng.uniform(300, zone.max_depth)
    return zone.side * (depth - 8) / slope + rng.gauss(0, 15), depth


def _shallow_depth(rng, kind):
    r = rng.random()
    if kind in ("ridge", "transform"):
        return FIXED_DEPTHS_KM[0] if r < 0.4 else rng.uniform(2, 25)
    if r < 0.15:
        return FIXED_DEPTHS_KM[0]
    if r < 0.35:
        return FIXED_DEPTHS_KM[1]
    if r < 0.97:
        return rng.triangular(2, 45, 12)
    return rng.uniform(45, 100)


def _magnitude(rng, upper):
    """Gutenberg-Richter: continuous magnitudes above the lowest bin's lower edge, in 0.1 bins."""
    beta = B_VALUE * math.log(10)
    while True:
        mag = MIN_MAGNITUDE - 0.05 + rng.expovariate(beta)
        if mag < upper:
            return mag


def _aftershocks(rng, main, seismic_region, room):
    mag = main.mag / 10
    count = min(int(10 ** (B_VALUE * (mag - MIN_MAGNITUDE) - 1.2)), MAX_AFTERSHOCKS, room)
    rupture_km = max(10 ** (-2.44 + 0.59 * mag), 5.0)
    lat, lon = main.lat / 1000, main.lon / 1000
    result = []
    for _ in range(count):
        second = main.second + round(_omori_delay_days(rng) * 86400)
        if second >= END_SECOND:
            continue
        a_lon, a_lat = geometry.offset(lon, lat, rng.gauss(0, rupture_km / 3), rng.gauss(0, rupture_km / 3))
        depth = max(main.depth / 10 + rng.gauss(0, 8), 1.0)
        a_mag = _magnitude(rng, mag - 0.05)
        result.append(_quake(rng, second, a_lat, a_lon, depth, a_mag, main.region, seismic_region))
    return result


def _omori_delay_days(rng):
    """Inverse of the modified Omori law's cumulative rate on [0, AFTERSHOCK_DAYS]."""
    q = 1 - OMORI_P
    low = OMORI_C_DAYS ** q
    high = (AFTERSHOCK_DAYS + OMORI_C_DAYS) ** q
    return (low + rng.random() * (high - low)) ** (1 / q) - OMORI_C_DAYS


def _method(rng, mag, seismic_region):
    r = rng.random()
    if mag < 4.5:
        if seismic_region == 3:
            return "ML" if r < 0.6 else "Md"
        return "mb" if r < 0.5 else ("ML" if r < 0.85 else "Md")
    if mag < 5.8:
        return "mb" if r < 0.7 else ("Ms" if r < 0.85 else "Mw")
    return "Mw" if r < 0.8 else "Ms"


def _quake(rng, second, lat, lon, depth, mag, region_id, seismic_region):
    lon = geometry.wrap_lon(lon)
    lat_e3 = max(-LAT_LIMIT_E3, min(LAT_LIMIT_E3, round(lat * 1000)))
    lon_e3 = max(-LON_LIMIT_E3, min(LON_LIMIT_E3, round(lon * 1000)))
    mag_e1 = round(mag * 10)
    return Quake(second, rng.randrange(1000), lat_e3, lon_e3, round(depth * 10), mag_e1,
                 _method(rng, mag_e1 / 10, seismic_region), region_id)


def _unique_seconds(quakes):
    """Moves a quake that shares a second with the one before it to the next free second.

    Unique seconds let a request's time window be tuned to include exactly k quakes, and make
    the time order of any result unambiguous.
    """
    result, last = [], None
    for quake in quakes:
        if last is not None and quake.second <= last:
            quake = quake._replace(second=last + 1)
        result.append(quake)
        last = quake.second
    return result
