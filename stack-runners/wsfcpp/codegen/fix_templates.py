#!/usr/bin/env python3
"""Writes a corrected copy of Axis2/Java's C ADB template into a folder that goes before the jars.

CADBBeanTemplateSource.xsl stores class flags such as @type and @particleClass as result tree
fragments (<xsl:variable name="istype"><xsl:value-of select="@type"/></xsl:variable>), and a
result tree fragment is always true in a test. The generated C then frees a qname member its
struct lacks and returns variables a simple type's reader never declares, and does not compile.
Binding each flag to its attribute (select="@type") makes the tests mean what they say.
It also declares the xsi:type attribute it adds to typed elements in the schema's target
namespace instead of XML Schema instance's, which readers see as an unknown attribute.

Two Axis2/C functions the generated code calls lose data, so the corrected template calls others:
axutil_strtol and axutil_strtoul skip any sign (a negative xsd:long reads as 0 or as its absolute
value), so xsd:long and xsd:unsignedLong are read with C's strtoll and strtoull;
axutil_date_time_deserialize_date_time ignores a time-zone offset and
axutil_date_time_serialize_date_time writes every instant with Z, so an xsd:dateTime with an
offset is read by axutil_date_time_deserialize_date_time_with_time_zone (through a helper each
generated file defines) and written by axutil_date_time_serialize_date_time_with_time_zone, which
writes Z for a zero offset. Both treat an xsd:date as a dateTime (2026-05-02 came back as
2026-05-02T00:00:00.000Z), so where the property's schema type is date the corrected template
calls axutil_date_time_deserialize_date and axutil_date_time_serialize_date instead. Floats and doubles are written with "%f", which turns infinities into
"inf" (XML Schema's INF), rounds small values to 0.000000 and writes 300 digits for large ones;
the corrected template writes the shortest form that reads back to the same value, or INF, -INF
or NaN (list items and attributes keep "%f"). WSDL2C binds xsd:decimal to a double, and that
shortest form may carry an exponent (-1e-06), which xsd:decimal does not allow, so a decimal is
written with the same digits in plain notation (-0.000001).

Axis2/C's date readers refuse 29 February of years divisible by 400 (their leap-year test is
inverted for those years), so a request carrying 2000-02-29 did not read. Every generated reader
creates its date-time element just before reading it, so the corrected template hands the reader
the element's address: when Axis2/C refuses such a day, the reader replaces the element with one made
by axutil_date_time_create_with_offset (the one path around the test) and sets the time of day and
the offset on it.

Usage: fix_templates.py AXIS2_ADB_CODEGEN_JAR OVERLAY_DIR
"""
import os
import re
import sys
import zipfile

TEMPLATE = "org/apache/axis2/schema/template/CADBBeanTemplateSource.xsl"
FLAGS = ("istype", "anon", "ordered", "particleClass", "hasParticleType", "simple", "choice")
XSI_TYPE_NAMESPACE = (
    'xsi_ns = axiom_namespace_create (env,\n                                 "<xsl:value-of select="@nsuri"/>",',
    'xsi_ns = axiom_namespace_create (env,\n                                 "http://www.w3.org/2001/XMLSchema-instance",',
)
NUMBER_READERS = (("axutil_strtol(", "strtoll("), ("axutil_strtoul(", "strtoull("))
DATE_TIME_READER = "axutil_date_time_deserialize_date_time("
# Every generated reader of a date-time creates `element` and reads it in this one call.
DATE_TIME_READ_CALL = "axutil_date_time_deserialize_date_time((axutil_date_time_t*)element, env,"
DATE_TIME_WRITER = re.compile(r"\baxutil_date_time_serialize_date_time\(")
# Where each generated source file's definitions begin: after its #include and header comment.
SOURCE_DEFINITIONS = """        </xsl:choose>


        struct <xsl:value-of select="$axis2_name"/>
        {"""
NUMBER_WRITER = re.compile(r'sprintf\s*\(\s*([^,]+?),\s*"%f",\s*(.+?)\);')
HELPERS = """
        #include &lt;limits.h&gt;
        #include &lt;math.h&gt;
        #include &lt;stdio.h&gt;
        #include &lt;stdlib.h&gt;
        #include &lt;string.h&gt;
        #include &lt;time.h&gt;

        static void
        adb_format_xsd_number(axis2_char_t *out, double value, int is_float)
        {
            int digits;
            if (isnan(value))
            {
                strcpy(out, "NaN");
                return;
            }
            if (isinf(value))
            {
                strcpy(out, value > 0 ? "INF" : "-INF");
                return;
            }
            for (digits = is_float ? 6 : 15; digits &lt; 17; digits++)
            {
                sprintf(out, "%.*g", digits, value);
                if (is_float ? (float)strtod(out, NULL) == (float)value : strtod(out, NULL) == value)
                {
                    return;
                }
            }
            sprintf(out, "%.17g", value);
        }
        #define ADB_FORMAT_XSD_NUMBER(out, value) \\
            adb_format_xsd_number((out), (double)(value), _Generic((value), float: 1, default: 0))

        static void
        adb_format_xsd_decimal(axis2_char_t *out, double value)
        {
            char scientific[40], digits[20];
            int precision, count = 0, point, i;
            const char *cursor;
            if (isnan(value) || isinf(value))
            {
                adb_format_xsd_number(out, value, 0);
                return;
            }
            for (precision = 0;; precision++)
            {
                sprintf(scientific, "%.*e", precision, value);
                if (precision &gt;= 16 || strtod(scientific, NULL) == value)
                {
                    break;
                }
            }
            for (cursor = scientific; *cursor != 'e'; cursor++)
            {
                if (*cursor &gt;= '0' &amp;&amp; *cursor &lt;= '9')
                {
                    digits[count++] = *cursor;
                }
            }
            point = atoi(cursor + 1) + 1;
            while (count &gt; 1 &amp;&amp; digits[count - 1] == '0')
            {
                count--;
            }
            if (value == 0)
            {
                strcpy(out, "0");
                return;
            }
            if (value &lt; 0)
            {
                *out++ = '-';
            }
            if (point &lt;= 0)
            {
                *out++ = '0';
                *out++ = '.';
                for (i = point; i &lt; 0; i++)
                {
                    *out++ = '0';
                }
                point = 0;
            }
            for (i = 0; i &lt; count || i &lt; point; i++)
            {
                if (i == point &amp;&amp; i &gt; 0)
                {
                    *out++ = '.';
                }
                *out++ = i &lt; count ? digits[i] : '0';
            }
            *out = '\\0';
        }

        static axis2_status_t
        adb_date_time_read_with_offset(axutil_date_time_t *date_time, const axutil_env_t *env,
                                       const axis2_char_t *text)
        {
            const axis2_char_t *time_of_day = text ? strchr(text, 'T') : NULL;
            if (time_of_day)
            {
                if (strchr(time_of_day, '+') || strchr(time_of_day, '-'))
                {
                    return axutil_date_time_deserialize_date_time_with_time_zone(date_time, env, text);
                }
            }
            return axutil_date_time_deserialize_date_time(date_time, env, text);
        }

        static axis2_status_t
        adb_date_time_read_leap_day(void **element, const axutil_env_t *env, int is_date,
                                    const axis2_char_t *text)
        {
            int year, month, day, length = 0, zone_hour = 0, zone_minute = 0;
            long long year_before, era, year_of_era, days, offset;
            const axis2_char_t *rest, *zone;
            axutil_date_time_t *leap_day;
            if (sscanf(text, "%d-%d-%d%n", &amp;year, &amp;month, &amp;day, &amp;length) != 3 || year &lt;= 0
                || month != 2 || day != 29 || year % 400 != 0)
            {
                return AXIS2_FAILURE;
            }
            rest = text + length;
            if (!is_date &amp;&amp; *rest != 'T')
            {
                return AXIS2_FAILURE;
            }
            year_before = year - 1;
            era = year_before / 400;
            year_of_era = year_before - era * 400;
            days = era * 146097 + year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + 365 - 719468;
            offset = days * 86400 + 12 * 3600 - (long long)time(NULL);
            if (offset &lt; INT_MIN || offset &gt; INT_MAX)
            {
                return AXIS2_FAILURE;
            }
            leap_day = axutil_date_time_create_with_offset(env, (int)offset);
            if (!leap_day)
            {
                return AXIS2_FAILURE;
            }
            if (axutil_date_time_get_year(leap_day, env) != year || axutil_date_time_get_month(leap_day, env) != 2
                || axutil_date_time_get_day(leap_day, env) != 29
                || axutil_date_time_deserialize_time(leap_day, env, is_date ? "00:00:00Z" : rest + 1) != AXIS2_SUCCESS)
            {
                axutil_date_time_free(leap_day, env);
                return AXIS2_FAILURE;
            }
            zone = is_date ? rest : strpbrk(rest, "+-");
            if (zone &amp;&amp; (*zone == '+' || *zone == '-')
                &amp;&amp; (sscanf(zone + 1, "%d:%d", &amp;zone_hour, &amp;zone_minute) != 2
                    || axutil_date_time_set_time_zone(leap_day, env, *zone == '+', zone_hour, zone_minute) != AXIS2_SUCCESS))
            {
                axutil_date_time_free(leap_day, env);
                return AXIS2_FAILURE;
            }
            axutil_date_time_free((axutil_date_time_t *)*element, env);
            *element = leap_day;
            return AXIS2_SUCCESS;
        }

        static axis2_status_t
        adb_date_time_read(void **element, const axutil_env_t *env, int is_date, const axis2_char_t *text)
        {
            axis2_status_t status = is_date
                ? axutil_date_time_deserialize_date((axutil_date_time_t *)*element, env, text)
                : adb_date_time_read_with_offset((axutil_date_time_t *)*element, env, text);
            return status == AXIS2_SUCCESS ? status : adb_date_time_read_leap_day(element, env, is_date, text);
        }
"""
DEFINITION = re.compile(r'<xsl:variable name="(%s)"><xsl:value-of select="(@\w+)"/></xsl:variable>' % "|".join(FLAGS))


def by_schema_type(for_type, otherwise, schema_type="date"):
    """The call to make for a property of the given XML Schema type (xsd:date unless told), and for any other."""
    return ('<xsl:choose><xsl:when test="@shorttypename=\'%s\'">%s</xsl:when>'
            '<xsl:otherwise>%s</xsl:otherwise></xsl:choose>' % (schema_type, for_type, otherwise))


def not_recognised(jar, what):
    print(f"error: {TEMPLATE} in {jar} is not the template this fix was written for ({what})", file=sys.stderr)
    return 1


def main():
    if len(sys.argv) != 3:
        print("error: usage: fix_templates.py AXIS2_ADB_CODEGEN_JAR OVERLAY_DIR", file=sys.stderr)
        return 1
    jar, overlay = sys.argv[1:]
    try:
        with zipfile.ZipFile(jar) as archive:
            text = archive.read(TEMPLATE).decode("utf-8")
    except (OSError, KeyError, zipfile.BadZipFile) as problem:
        print(f"error: cannot read {TEMPLATE} from {jar}: {problem}", file=sys.stderr)
        return 1
    fixed, count = DEFINITION.subn(r'<xsl:variable name="\1" select="\2"/>', text)
    if count != len(FLAGS):
        print(f"error: {TEMPLATE} in {jar} is not the template this fix was written for "
              f"({count} of {len(FLAGS)} flag variables found)", file=sys.stderr)
        return 1
    if fixed.count(XSI_TYPE_NAMESPACE[0]) != 1:
        print(f"error: {TEMPLATE} in {jar} is not the template this fix was written for (xsi:type namespace)",
              file=sys.stderr)
        return 1
    fixed = fixed.replace(*XSI_TYPE_NAMESPACE)
    for old, new in NUMBER_READERS:
        if old not in fixed:
            return not_recognised(jar, old)
        fixed = fixed.replace(old, new)
    if fixed.count(SOURCE_DEFINITIONS) != 1 or DATE_TIME_READER not in fixed or not DATE_TIME_WRITER.search(fixed):
        return not_recognised(jar, "xsd:dateTime")
    if fixed.count(DATE_TIME_READ_CALL) != fixed.count(DATE_TIME_READER):
        return not_recognised(jar, "xsd:dateTime readers")
    fixed = fixed.replace(DATE_TIME_READ_CALL, "adb_date_time_read(&amp;element, env, %s," % by_schema_type("1", "0"))
    fixed = DATE_TIME_WRITER.sub(
        by_schema_type("axutil_date_time_serialize_date(", "axutil_date_time_serialize_date_time_with_time_zone("), fixed)
    fixed, count = NUMBER_WRITER.subn(lambda call: by_schema_type(
        "adb_format_xsd_decimal(%s, %s);" % call.groups(), "ADB_FORMAT_XSD_NUMBER(%s, %s);" % call.groups(),
        "decimal"), fixed)
    if count < 4:
        return not_recognised(jar, "float and double writers")
    fixed = fixed.replace(SOURCE_DEFINITIONS, SOURCE_DEFINITIONS.split("\n")[0] + "\n" + HELPERS
                          + SOURCE_DEFINITIONS.split("\n", 1)[1])
    target = os.path.join(overlay, TEMPLATE)
    os.makedirs(os.path.dirname(target), exist_ok=True)
    with open(target, "w", encoding="utf-8") as f:
        f.write(fixed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
