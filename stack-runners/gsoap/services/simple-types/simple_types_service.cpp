// The catalog simple-types service: the 14-parameter call of the XINS test on gSOAP's generated
// types for simple-types.wsdl, computed by the rules of wsdl-catalog/simple-types/README.md.
#include <algorithm>
#include <climits>
#include <cstdio>

#include "service.h"
#include "sample_reader.h"

namespace {

const long SECONDS_PER_HOUR = 3600;

// Days since 1970-01-01 of a proleptic Gregorian date, and back (Howard Hinnant's algorithms):
// exact for every year, leap days and century rules included.
long days_from_civil(long year, unsigned month, unsigned day)
{
    year -= month <= 2;
    const long era = (year >= 0 ? year : year - 399) / 400;
    const unsigned year_of_era = static_cast<unsigned>(year - era * 400);
    const unsigned day_of_year = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1;
    const unsigned day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
    return era * 146097 + static_cast<long>(day_of_era) - 719468;
}

void civil_from_days(long days, long &year, unsigned &month, unsigned &day)
{
    days += 719468;
    const long era = (days >= 0 ? days : days - 146096) / 146097;
    const unsigned day_of_era = static_cast<unsigned>(days - era * 146097);
    const unsigned year_of_era = (day_of_era - day_of_era / 1460 + day_of_era / 36524 - day_of_era / 146096) / 365;
    const unsigned day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    const unsigned shifted_month = (5 * day_of_year + 2) / 153;
    day = day_of_year - (153 * shifted_month + 2) / 5 + 1;
    month = shifted_month < 10 ? shifted_month + 3 : shifted_month - 9;
    year = static_cast<long>(year_of_era) + era * 400 + (month <= 2);
}

// xsd:date is bound to a string, so the day is added here; a time zone after the date is kept.
bool next_day(const std::string &date, std::string &next)
{
    long year = 0;
    unsigned month = 0, day = 0;
    int consumed = 0;
    if (sscanf(date.c_str(), "%ld-%2u-%2u%n", &year, &month, &day, &consumed) != 3
        || month < 1 || month > 12 || day < 1 || day > 31 || date[consumed - 3] != '-')
        return false;
    civil_from_days(days_from_civil(year, month, day) + 1, year, month, day);
    char text[32];
    snprintf(text, sizeof text, "%04ld-%02u-%02u", year, month, day);
    next = text + date.substr(consumed);
    return true;
}

ns1__Priority next_priority(ns1__Priority priority)
{
    switch (priority) {
    case ns1__Priority__low: return ns1__Priority__normal;
    case ns1__Priority__normal: return ns1__Priority__high;
    case ns1__Priority__high: return ns1__Priority__urgent;
    default: return ns1__Priority__low;
    }
}

}

int SimpleTypesBindingService::simpleTypes(_ns1__simpleTypes *request, _ns1__simpleTypesResponse &response)
{
    if (request == NULL)
        return soap_senderfault("simpleTypes needs a simpleTypes element", NULL);
    long long sum = static_cast<long long>(request->inputByte) + request->inputShort + request->inputInt;
    LONG64 long_sum = 0;
    if (sum < INT_MIN || sum > INT_MAX || __builtin_add_overflow(request->inputLong, request->inputInt, &long_sum))
        return soap_senderfault("the sums overflow xsd:int or xsd:long", NULL);
    std::string date;
    if (!next_day(request->inputDate, date))
        return soap_senderfault(("inputDate " + request->inputDate + " is not a date YYYY-MM-DD").c_str(), NULL);

    response.outputBoolean = !request->inputBoolean;
    response.outputInt = static_cast<int>(sum);
    response.outputLong = long_sum;
    response.outputDouble = request->inputDouble * 2;
    response.outputDecimal = request->inputDecimal;
    response.outputText = request->inputText + "/" + soap_ns1__Priority2s(soap, request->inputEnum);
    response.outputEnum = next_priority(request->inputEnum);
    response.outputDate = date;
    response.outputTimestamp = request->inputTimestamp;
    response.outputTimestamp.tv_sec += SECONDS_PER_HOUR;

    const xsd__base64Binary &binary = request->inputBinary;
    response.outputBinary.__size = binary.__size;
    response.outputBinary.__ptr = static_cast<unsigned char *>(soap_malloc(soap, binary.__size > 0 ? binary.__size : 1));
    if (binary.__size > 0)
        std::reverse_copy(binary.__ptr, binary.__ptr + binary.__size, response.outputBinary.__ptr);

    response.outputList = soap_new_ns1__TextList(soap);
    if (request->inputList != NULL)
        response.outputList->item.assign(request->inputList->item.rbegin(), request->inputList->item.rend());
    response.outputProperties = soap_new_ns1__Properties(soap);
    if (request->inputProperties != NULL)
        response.outputProperties->property = request->inputProperties->property;
    return SOAP_OK;
}

// The service computes its answers, so there is no sample to read.
bool load_samples(struct soap *, const std::string &, std::string &)
{
    return true;
}
