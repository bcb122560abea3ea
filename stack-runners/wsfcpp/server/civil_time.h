// Calendar arithmetic on Axis2/C date-times: the generated ADB types hold xsd:date and
// xsd:dateTime as axutil_date_time_t, which has no arithmetic of its own.
#ifndef SOAPBENCH_WSFCPP_CIVIL_TIME_H
#define SOAPBENCH_WSFCPP_CIVIL_TIME_H

#include <axutil_date_time.h>

const long long SECONDS_PER_DAY = 86400;
const long long SECONDS_PER_HOUR = 3600;

// Days since 1970-01-01 of a proleptic Gregorian date, and back.
long long days_from_civil(long long year, unsigned month, unsigned day);
void civil_from_days(long long days, int &year, int &month, int &day);

// The instant in whole seconds since the epoch, UTC, of a date-time read with its time-zone offset.
long long utc_seconds(axutil_date_time_t *time, const axutil_env_t *env);

// A new date-time in UTC at the given second and millisecond; NULL when Axis2/C refuses it.
axutil_date_time_t *utc_date_time(long long seconds, int msec, const axutil_env_t *env);

#endif
