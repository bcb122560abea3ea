"""Flat-earth approximations around a point: good to a few percent over a few hundred km."""
import math

KM_PER_DEGREE_LAT = 110.57
KM_PER_DEGREE_LON_EQUATOR = 111.32


def km_per_degree_lon(lat):
    return KM_PER_DEGREE_LON_EQUATOR * max(math.cos(math.radians(lat)), 0.01)


def unwrap(points):
    """Longitudes made continuous along a polyline, so a segment never spans the globe."""
    out = []
    for lon, lat in points:
        if out:
            previous = out[-1][0]
            while lon - previous > 180:
                lon -= 360
            while lon - previous < -180:
                lon += 360
        out.append((lon, lat))
    return out


def wrap_lon(lon):
    return (lon + 180.0) % 360.0 - 180.0


def segment_frame(a, b):
    """Length in km, unit direction and left normal (both in km space) of segment a→b."""
    mid_lat = (a[1] + b[1]) / 2
    dx = (b[0] - a[0]) * km_per_degree_lon(mid_lat)
    dy = (b[1] - a[1]) * KM_PER_DEGREE_LAT
    length = math.hypot(dx, dy)
    ux, uy = dx / length, dy / length
    return length, (ux, uy), (-uy, ux)


def offset(lon, lat, east_km, north_km):
    new_lat = lat + north_km / KM_PER_DEGREE_LAT
    new_lon = lon + east_km / km_per_degree_lon(lat)
    return new_lon, new_lat


def distance_to_segment_km(lon, lat, a, b):
    """Distance from a point to segment a→b, in a plane tangent at the point."""
    kx = km_per_degree_lon(lat)
    ax, ay = _relative_km(a, lon, lat, kx)
    bx, by = _relative_km(b, lon, lat, kx)
    vx, vy = bx - ax, by - ay
    length2 = vx * vx + vy * vy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, -(ax * vx + ay * vy) / length2))
    return math.hypot(ax + t * vx, ay + t * vy)


def _relative_km(point, lon, lat, kx):
    dlon = wrap_lon(point[0] - lon)
    return dlon * kx, (point[1] - lat) * KM_PER_DEGREE_LAT
