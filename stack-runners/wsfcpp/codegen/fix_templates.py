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
or NaN (list items and attributes keep "%f").

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
DATE_TIME_WRITER = re.compile(r"\baxutil_date_time_serialize_date_time\(")
# Where each generated source file's definitions begin: after its #include and header comment.
SOURCE_DEFINITIONS = """        </xsl:choose>


        struct <xsl:value-of select="$axis2_name"/>
        {"""
NUMBER_WRITER = re.compile(r'sprintf\s*\(\s*([^,]+?),\s*"%f",\s*(.+?)\);')
HELPERS = """
        #include &lt;math.h&gt;
        #include &lt;stdio.h&gt;
        #include &lt;stdlib.h&gt;
        #include &lt;string.h&gt;

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
"""
DEFINITION = re.compile(r'<xsl:variable name="(%s)"><xsl:value-of select="(@\w+)"/></xsl:variable>' % "|".join(FLAGS))


def by_schema_type(for_date, otherwise):
    """The call to make for a property of schema type xsd:date, and for any other."""
    return ('<xsl:choose><xsl:when test="@shorttypename=\'date\'">%s</xsl:when>'
            '<xsl:otherwise>%s</xsl:otherwise></xsl:choose>' % (for_date, otherwise))


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
    fixed = fixed.replace(DATE_TIME_READER, by_schema_type("axutil_date_time_deserialize_date(", "adb_date_time_read_with_offset("))
    fixed = DATE_TIME_WRITER.sub(
        by_schema_type("axutil_date_time_serialize_date(", "axutil_date_time_serialize_date_time_with_time_zone("), fixed)
    fixed, count = NUMBER_WRITER.subn(r"ADB_FORMAT_XSD_NUMBER(\1, \2);", fixed)
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
