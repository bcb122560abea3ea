"""The matching rule every implementation of matchQuakes follows (see datasets/README.md).

A quake matches a query when, with each range closed below and open above,
  minDateTime <= time < maxDateTime
  minLatitude <= latitude < maxLatitude
  minLongitude <= longitude < maxLongitude
where time is the quake's whole-second time (its millis never matter: query times are whole
seconds). Here in the generator's fixed-point units: seconds, and coordinates in ten-thousandths
of a degree for queries against thousandths for quakes.
"""
import bisect
import itertools
from collections import namedtuple

Query = namedtuple("Query", "min_second max_second min_lat_e4 max_lat_e4 min_lon_e4 max_lon_e4")


class Index:
    """The catalog's columns in time order, for counting and listing matches quickly."""

    def __init__(self, quakes):
        self.quakes = quakes
        self.seconds = [q.second for q in quakes]
        self.lat_e4 = [q.lat * 10 for q in quakes]
        self.lon_e4 = [q.lon * 10 for q in quakes]

    def time_slice(self, min_second, max_second):
        return bisect.bisect_left(self.seconds, min_second), bisect.bisect_left(self.seconds, max_second)

    def count(self, query):
        start, stop = self.time_slice(query.min_second, query.max_second)
        lat0, lat1, lon0, lon1 = query.min_lat_e4, query.max_lat_e4, query.min_lon_e4, query.max_lon_e4
        return sum(1 for lat, lon in zip(self.lat_e4[start:stop], self.lon_e4[start:stop])
                   if lat0 <= lat < lat1 and lon0 <= lon < lon1)

    def matches(self, query):
        start, stop = self.time_slice(query.min_second, query.max_second)
        return [q for q in self.quakes[start:stop] if self.in_box(q, query)]

    def in_box_seconds_from(self, query, min_second, limit):
        """Seconds of the first `limit` quakes inside the query's box from min_second on."""
        start = bisect.bisect_left(self.seconds, min_second)
        lat0, lat1, lon0, lon1 = query.min_lat_e4, query.max_lat_e4, query.min_lon_e4, query.max_lon_e4
        rows = zip(self.seconds[start:], self.lat_e4[start:], self.lon_e4[start:])
        inside = (s for s, lat, lon in rows if lat0 <= lat < lat1 and lon0 <= lon < lon1)
        return list(itertools.islice(inside, limit))

    @staticmethod
    def in_box(quake, query):
        return (query.min_lat_e4 <= quake.lat * 10 < query.max_lat_e4
                and query.min_lon_e4 <= quake.lon * 10 < query.max_lon_e4)
