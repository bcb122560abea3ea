"""SOAP 1.1 envelopes of the seismic service (wsdl-catalog/seismic/seismic.wsdl), and text forms."""
import datetime
from xml.sax.saxutils import quoteattr

NAMESPACE = "urn:soapbench:seismic"
SOAP_ACTION = "urn:soapbench:seismic:matchQuakes"
OPERATION = "matchQuakes"

_HEAD = (
    '<?xml version="1.0" encoding="UTF-8"?>\n'
    '<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/"'
    f' xmlns:s="{NAMESPACE}">\n'
    "  <soapenv:Body>\n"
)
_TAIL = "  </soapenv:Body>\n</soapenv:Envelope>\n"


def fixed(value, decimals):
    """A fixed-point integer as decimal text: fixed(-15398, 3) == '-15.398'."""
    sign = "-" if value < 0 else ""
    scale = 10 ** decimals
    whole, fraction = divmod(abs(value), scale)
    return f"{sign}{whole}.{fraction:0{decimals}d}"


def date_time(second):
    return datetime.datetime.fromtimestamp(second, datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def request(query):
    return (
        _HEAD
        + "    <s:matchQuakes>\n"
        + f"      <s:minDateTime>{date_time(query.min_second)}</s:minDateTime>\n"
        + f"      <s:maxDateTime>{date_time(query.max_second)}</s:maxDateTime>\n"
        + f"      <s:minLatitude>{fixed(query.min_lat_e4, 4)}</s:minLatitude>\n"
        + f"      <s:maxLatitude>{fixed(query.max_lat_e4, 4)}</s:maxLatitude>\n"
        + f"      <s:minLongitude>{fixed(query.min_lon_e4, 4)}</s:minLongitude>\n"
        + f"      <s:maxLongitude>{fixed(query.max_lon_e4, 4)}</s:maxLongitude>\n"
        + "    </s:matchQuakes>\n"
        + _TAIL
    )


def response(matches, regions, seismic_names):
    """The answer to a query whose matches (in time order) are given.

    One resultSet per seismic region, in ascending id; in each, the regions its quakes refer to
    in ascending id, then its quakes in time order.
    """
    groups = {}
    for quake in matches:
        groups.setdefault(regions[quake.region - 1].seismic_region, []).append(quake)
    if not groups:
        return _HEAD + "    <s:matchQuakesResponse/>\n" + _TAIL
    lines = [_HEAD, "    <s:matchQuakesResponse>\n"]
    for seismic_id in sorted(groups):
        quakes = groups[seismic_id]
        lines.append("      <s:resultSet>\n")
        lines.append(f'        <s:seismicRegion id="{seismic_id}" name={quoteattr(seismic_names[seismic_id])}/>\n')
        for region_id in sorted({q.region for q in quakes}):
            lines.append(f'        <s:region id="{region_id}" name={quoteattr(regions[region_id - 1].name)}/>\n')
        for q in quakes:
            lines.append(
                f'        <s:quake time="{date_time(q.second)}" millis="{q.millis}"'
                f' latitude="{fixed(q.lat, 3)}" longitude="{fixed(q.lon, 3)}"'
                f' depth="{fixed(q.depth, 1)}" magnitude="{fixed(q.mag, 1)}"'
                f' method="{q.method}" region="{q.region}"/>\n')
        lines.append("      </s:resultSet>\n")
    lines.append("    </s:matchQuakesResponse>\n")
    lines.append(_TAIL)
    return "".join(lines)
