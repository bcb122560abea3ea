#include "civil_time.h"

#include <cstdint>
#include <cstdio>
#include <ctime>

// Days since 1970-01-01 of a proleptic Gregorian date, and back (Howard Hinnant's algorithms):
// exact for every year, leap days and century rules included.
long long days_from_civil(long long year, unsigned month, unsigned day) {
    year -= month <= 2;
    const long long era = (year >= 0 ? year : year - 399) / 400;
    const unsigned year_of_era = static_cast<unsigned>(year - era * 400);
    const unsigned day_of_year = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1;
    const unsigned day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
    return era * 146097 + static_cast<long long>(day_of_era) - 719468;
}

void civil_from_days(long long days, int &year, int &month, int &day) {
    days += 719468;
    const long long era = (days >= 0 ? days : days - 146096) / 146097;
    const unsigned day_of_era = static_cast<unsigned>(days - era * 146097);
    const unsigned year_of_era = (day_of_era - day_of_era / 1460 + day_of_era / 36524 - day_of_era / 146096) / 365;
    const unsigned day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    const unsigned shifted_month = (5 * day_of_year + 2) / 153;
    day = static_cast<int>(day_of_year - (153 * shifted_month + 2) / 5 + 1);
    month = static_cast<int>(shifted_month < 10 ? shifted_month + 3 : shifted_month - 9);
    year = static_cast<int>(static_cast<long long>(year_of_era) + era * 400 + (month <= 2));
}

long long utc_seconds(axutil_date_time_t *time, const axutil_env_t *env) {
    long long local = days_from_civil(axutil_date_time_get_year(time, env), axutil_date_time_get_month(time, env),
                                      axutil_date_time_get_day(time, env)) * SECONDS_PER_DAY
                      + axutil_date_time_get_hour(time, env) * SECONDS_PER_HOUR
                      + axutil_date_time_get_minute(time, env) * 60 + axutil_date_time_get_second(time, env);
    long long offset = axutil_date_time_get_time_zone_hour(time, env) * SECONDS_PER_HOUR
                       + axutil_date_time_get_time_zone_minute(time, env) * 60;
    return axutil_date_time_is_time_zone_positive(time, env) ? local - offset : local + offset;
}

namespace {

// Axis2/C refuses 29 February of years divisible by 400 in every setter and reader (its leap-year
// test is inverted for them). Its only path around that test is create_with_offset (now plus an
// offset, through gmtime), which lands on the right day; deserialize_time then sets the time of
// day alone. Retried when the clock ticks over midnight in between.
axutil_date_time_t *leap_day(long long seconds, long long in_day, int msec, const axutil_env_t *env) {
    long long day_start = seconds - in_day;
    for (int attempt = 0; attempt < 3; attempt++) {
        long long offset = day_start + SECONDS_PER_HOUR * 12 - (long long)time(NULL);
        if (offset < INT32_MIN || offset > INT32_MAX) return NULL;
        axutil_date_time_t *date = axutil_date_time_create_with_offset(env, (int)offset);
        if (!date) return NULL;
        char clock[32];
        snprintf(clock, sizeof clock, "%02d:%02d:%02d.%03dZ", (int)(in_day / SECONDS_PER_HOUR),
                 (int)(in_day % SECONDS_PER_HOUR / 60), (int)(in_day % 60), msec);
        if (axutil_date_time_get_day(date, env) == 29 && axutil_date_time_get_month(date, env) == 2
            && axutil_date_time_deserialize_time(date, env, clock) == AXIS2_SUCCESS) {
            return date;
        }
        axutil_date_time_free(date, env);
    }
    return NULL;
}

}

// Axis2/C's default time zone is UTC.
axutil_date_time_t *utc_date_time(long long seconds, int msec, const axutil_env_t *env) {
    long long days = seconds >= 0 ? seconds / SECONDS_PER_DAY : -((-seconds + SECONDS_PER_DAY - 1) / SECONDS_PER_DAY);
    long long in_day = seconds - days * SECONDS_PER_DAY;
    int year, month, day;
    civil_from_days(days, year, month, day);
    axutil_date_time_t *time = axutil_date_time_create(env);
    if (!time) return NULL;
    if (axutil_date_time_set_date_time(time, env, year, month, day, (int)(in_day / SECONDS_PER_HOUR),
                                       (int)(in_day % SECONDS_PER_HOUR / 60), (int)(in_day % 60), msec) != AXIS2_SUCCESS) {
        axutil_date_time_free(time, env);
        return month == 2 && day == 29 ? leap_day(seconds, in_day, msec, env) : NULL;
    }
    return time;
}
