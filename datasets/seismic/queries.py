"""Request sequences tuned to match an exact total number of quakes.

Each request is drawn the way the 2010 article's client drew them: for a size fraction f, a time
window of f/2..f of the catalog's span and a box whose sides are sqrt(f)/2..sqrt(f) of the
globe's longitude and latitude ranges, placed uniformly. f is calibrated so the total lands near
the target; then the time windows of a few requests are moved to make the total exact.

Bounds are whole seconds and coordinates with a 5 in the fourth decimal, while quakes have at
most three decimals: no quake is ever within 0.0005 degrees of a bound, so float, double or
decimal arithmetic all decide every match the same way.
"""
import math
import random
from collections import namedtuple

from catalog import END_SECOND, START_SECOND
from matching import Query

SequenceSpec = namedtuple("SequenceSpec", "name requests target seed")

SMALL = SequenceSpec("small", 1000, 816, 5001)
LARGE = SequenceSpec("large", 100, 176_745, 5002)

LAT_RANGE_E4 = (-900_000, 900_000)
LON_RANGE_E4 = (-1_800_000, 1_800_000)


def build(index, spec):
    """The spec's requests and each one's match count; the counts sum to spec.target."""
    draws = _draws(spec)
    fraction = _calibrate(index, draws, spec.target)
    queries = [_query(fraction, d) for d in draws]
    counts = [index.count(q) for q in queries]
    _settle(index, queries, counts, spec)
    return queries, counts, fraction


def _draws(spec):
    rng = random.Random(spec.seed)
    return [tuple(rng.random() for _ in range(6)) for _ in range(spec.requests)]


def _query(fraction, draw):
    u_span, u_start, u_lon_span, u_lon_start, u_lat_span, u_lat_start = draw
    half, half_root = fraction / 2, math.sqrt(fraction) / 2
    total_seconds = END_SECOND - START_SECOND
    seconds = (u_span * half + half) * total_seconds
    start = START_SECOND + u_start * (total_seconds - seconds)
    min_second = math.floor(start)
    max_second = max(math.ceil(start + seconds), min_second + 1)
    min_lon, max_lon = _side(LON_RANGE_E4, u_lon_span * half_root + half_root, u_lon_start)
    min_lat, max_lat = _side(LAT_RANGE_E4, u_lat_span * half_root + half_root, u_lat_start)
    return Query(min_second, max_second, min_lat, max_lat, min_lon, max_lon)


def _side(limits, share, u_start):
    """A [min, max) interval covering `share` of limits, both ends on a ...5 fourth decimal."""
    low, high = limits
    width = share * (high - low)
    start = low + u_start * (high - low - width)
    lo_bound = _half_step(start, low, high)
    hi_bound = _half_step(start + width, low, high)
    if hi_bound <= lo_bound:
        hi_bound = lo_bound + 10
    return lo_bound, hi_bound


def _half_step(value_e4, low, high):
    """The value moved onto the grid x.xxx5, kept strictly inside (low, high)."""
    snapped = math.floor(value_e4 / 10) * 10 + 5
    return max(low + 5, min(high - 5, snapped))


def _calibrate(index, draws, target):
    """Bisection on log f; the total grows with f, roughly as f squared."""
    low, high = math.log(1e-6), math.log(0.9)
    best = None
    for _ in range(22):
        middle = (low + high) / 2
        total = sum(index.count(_query(math.exp(middle), d)) for d in draws)
        if best is None or abs(total - target) < abs(best[1] - target):
            best = (math.exp(middle), total)
        if total == target:
            break
        if total < target:
            low = middle
        else:
            high = middle
    return best[0]


def _settle(index, queries, counts, spec):
    """Moves the end of some time windows until the counts add up to the target exactly.

    The change is spread over the requests, one quake per request per pass, in a fixed
    shuffled order, so no single request is distorted much.
    """
    order = list(range(len(queries)))
    random.Random(spec.seed + 1).shuffle(order)
    for _ in range(10_000):
        missing = spec.target - sum(counts)
        if missing == 0:
            return
        step = 1 if missing > 0 else -1
        per_request = max(1, abs(missing) // len(queries))
        moved = False
        for i in order:
            missing = spec.target - sum(counts)
            if missing == 0:
                return
            wanted = counts[i] + step * min(per_request, abs(missing))
            new_query = _retimed(index, queries[i], wanted)
            if new_query is not None:
                queries[i], counts[i] = new_query, wanted
                moved = True
        if not moved:
            break
    raise ValueError(f"{spec.name}: cannot reach exactly {spec.target} matches (have {sum(counts)})")


def _retimed(index, query, wanted):
    """The query with its maxDateTime moved so that exactly `wanted` quakes match, if possible."""
    if wanted < 0:
        return None
    seconds = index.in_box_seconds_from(query, query.min_second, wanted + 1)
    if wanted > len(seconds):
        return None
    after = seconds[wanted - 1] if wanted > 0 else query.min_second
    until = seconds[wanted] if wanted < len(seconds) else END_SECOND + 1
    if until <= after:
        return None
    # Any whole second in (after, until] works; the middle keeps the window's shape.
    max_second = after + 1 + (until - after - 1) // 2
    return query._replace(max_second=max_second)
