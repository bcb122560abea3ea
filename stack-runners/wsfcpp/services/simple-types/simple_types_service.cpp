// The catalog simple-types service's real implementation: the 14-parameter call of the XINS test
// on the generated ADB types of simple-types.wsdl, computed by the rules of
// wsdl-catalog/simple-types/README.md.
#include "civil_time.h"
#include "operations.h"
#include "adb_Priority.h"
#include "adb_Properties.h"
#include "adb_Property.h"
#include "adb_TextList.h"
#include "adb_simpleTypes.h"
#include "adb_simpleTypesResponse.h"

#include <climits>
#include <cstring>

namespace {

const char *next_priority(const char *priority) {
    if (strcmp(priority, "low") == 0) return "normal";
    if (strcmp(priority, "normal") == 0) return "high";
    if (strcmp(priority, "high") == 0) return "urgent";
    return "low";
}

axutil_base64_binary_t *reversed(axutil_base64_binary_t *binary, const axutil_env_t *env) {
    int length = 0;
    unsigned char *bytes = binary ? axutil_base64_binary_get_plain_binary(binary, env, &length) : NULL;
    std::string copy(bytes ? reinterpret_cast<const char *>(bytes) : "", bytes ? length : 0);
    std::string backwards(copy.rbegin(), copy.rend());
    return axutil_base64_binary_create_with_plain_binary(
        env, reinterpret_cast<const unsigned char *>(backwards.data()), (int)backwards.size());
}

adb_TextList_t *reversed(adb_TextList_t *list, const axutil_env_t *env) {
    adb_TextList_t *result = adb_TextList_create(env);
    axutil_array_list_t *items = axutil_array_list_create(env, 4);
    axutil_array_list_t *given = list ? adb_TextList_get_item(list, env) : NULL;
    for (int i = given ? axutil_array_list_size(given, env) - 1 : -1; i >= 0; i--) {
        axutil_array_list_add(items, env, axutil_strdup(env, (const axis2_char_t *)axutil_array_list_get(given, env, i)));
    }
    adb_TextList_set_item(result, env, items);
    return result;
}

adb_Properties_t *copied(adb_Properties_t *properties, const axutil_env_t *env) {
    adb_Properties_t *result = adb_Properties_create(env);
    axutil_array_list_t *entries = axutil_array_list_create(env, 4);
    axutil_array_list_t *given = properties ? adb_Properties_get__property(properties, env) : NULL;
    for (int i = 0; given && i < axutil_array_list_size(given, env); i++) {
        adb_Property_t *source = (adb_Property_t *)axutil_array_list_get(given, env, i);
        adb_Property_t *entry = adb_Property_create(env);
        adb_Property_set_name(entry, env, adb_Property_get_name(source, env));
        adb_Property_set_value(entry, env, adb_Property_get_value(source, env));
        axutil_array_list_add(entries, env, entry);
    }
    adb_Properties_set__property(result, env, entries);
    return result;
}

}

bool load_implementation(const axutil_env_t *, std::string &) { return true; }

axiom_node_t *answer(const Operation &, void *message, const axutil_env_t *env) {
    adb_simpleTypes_t *request = (adb_simpleTypes_t *)message;
    long long sum = (long long)adb_simpleTypes_get_inputByte(request, env) + adb_simpleTypes_get_inputShort(request, env)
                    + adb_simpleTypes_get_inputInt(request, env);
    long long long_sum = 0;
    if (sum < INT_MIN || sum > INT_MAX
        || __builtin_add_overflow((long long)adb_simpleTypes_get_inputLong(request, env),
                                  (long long)adb_simpleTypes_get_inputInt(request, env), &long_sum)) {
        refuse_request(env, "the sums overflow xsd:int or xsd:long");
        return NULL;
    }
    axutil_date_time_t *date = adb_simpleTypes_get_inputDate(request, env);
    axutil_date_time_t *timestamp = adb_simpleTypes_get_inputTimestamp(request, env);
    adb_Priority_t *priority = adb_simpleTypes_get_inputEnum(request, env);
    const axis2_char_t *text = adb_simpleTypes_get_inputText(request, env);
    if (!date || !timestamp || !priority || !text) {
        refuse_request(env, "simpleTypes needs inputText, inputEnum, inputDate and inputTimestamp");
        return NULL;
    }
    const char *level = adb_Priority_get_Priority(priority, env);

    adb_simpleTypesResponse_t *response = adb_simpleTypesResponse_create(env);
    if (!response) return NULL;
    adb_simpleTypesResponse_set_outputBoolean(response, env, adb_simpleTypes_get_inputBoolean(request, env) ? AXIS2_FALSE : AXIS2_TRUE);
    adb_simpleTypesResponse_set_outputInt(response, env, (int)sum);
    adb_simpleTypesResponse_set_outputLong(response, env, long_sum);
    adb_simpleTypesResponse_set_outputDouble(response, env, adb_simpleTypes_get_inputDouble(request, env) * 2);
    adb_simpleTypesResponse_set_outputDecimal(response, env, adb_simpleTypes_get_inputDecimal(request, env));
    adb_simpleTypesResponse_set_outputText(response, env, (std::string(text) + "/" + level).c_str());
    adb_Priority_t *next = adb_Priority_create(env);
    adb_Priority_set_Priority(next, env, next_priority(level));
    adb_simpleTypesResponse_set_outputEnum(response, env, next);
    long long day = days_from_civil(axutil_date_time_get_year(date, env), axutil_date_time_get_month(date, env),
                                    axutil_date_time_get_day(date, env)) + 1;
    adb_simpleTypesResponse_set_outputDate(response, env, utc_date_time(day * SECONDS_PER_DAY, 0, env));
    adb_simpleTypesResponse_set_outputTimestamp(
        response, env, utc_date_time(utc_seconds(timestamp, env) + SECONDS_PER_HOUR, axutil_date_time_get_msec(timestamp, env), env));
    adb_simpleTypesResponse_set_outputBinary(response, env, reversed(adb_simpleTypes_get_inputBinary(request, env), env));
    adb_simpleTypesResponse_set_outputList(response, env, reversed(adb_simpleTypes_get_inputList(request, env), env));
    adb_simpleTypesResponse_set_outputProperties(response, env, copied(adb_simpleTypes_get_inputProperties(request, env), env));
    axiom_node_t *node = adb_simpleTypesResponse_serialize(response, env, NULL, NULL, AXIS2_TRUE, NULL, NULL);
    adb_simpleTypesResponse_free(response, env);
    return node;
}
