// The catalog seismic service's real implementation: matchQuakes evaluated per request against the
// quake catalog (native-support/seismic_data.h, shared with gSOAP), answered through the generated
// ADB types of seismic.wsdl.
#include "civil_time.h"
#include "operations.h"
#include "seismic_data.h"
#include "adb_Quake.h"
#include "adb_Region.h"
#include "adb_ResultSet.h"
#include "adb_SeismicRegion.h"
#include "adb_matchQuakes.h"
#include "adb_matchQuakesResponse.h"

#include <cstdlib>

namespace {

SeismicCatalog catalog;

// A window bound with a fraction of a second moves to the next whole second for the closed lower
// bound and past it for the open upper bound, as quake times are whole seconds.
time_t first_whole_second(axutil_date_time_t *bound, const axutil_env_t *env) {
    return (time_t)(utc_seconds(bound, env) + (axutil_date_time_get_msec(bound, env) > 0 ? 1 : 0));
}

adb_ResultSet_t *result_set(const QuakeGroup &group, const axutil_env_t *env) {
    adb_ResultSet_t *set = adb_ResultSet_create(env);
    adb_SeismicRegion_t *seismic_region = adb_SeismicRegion_create(env);
    adb_SeismicRegion_set_id(seismic_region, env, group.seismic_region);
    adb_SeismicRegion_set_name(seismic_region, env, catalog.seismic_region_name(group.seismic_region).c_str());
    adb_ResultSet_set_seismicRegion(set, env, seismic_region);

    axutil_array_list_t *regions = axutil_array_list_create(env, (int)group.regions.size());
    for (int id : group.regions) {
        adb_Region_t *region = adb_Region_create(env);
        adb_Region_set_id(region, env, id);
        adb_Region_set_name(region, env, catalog.region_name(id).c_str());
        axutil_array_list_add(regions, env, region);
    }
    adb_ResultSet_set_region(set, env, regions);

    axutil_array_list_t *quakes = axutil_array_list_create(env, (int)group.quakes.size());
    for (const Quake *found : group.quakes) {
        adb_Quake_t *quake = adb_Quake_create(env);
        adb_Quake_set_time(quake, env, utc_date_time(found->time, 0, env));
        adb_Quake_set_millis(quake, env, found->millis);
        adb_Quake_set_latitude(quake, env, found->latitude);
        adb_Quake_set_longitude(quake, env, found->longitude);
        adb_Quake_set_depth(quake, env, found->depth);
        adb_Quake_set_magnitude(quake, env, found->magnitude);
        adb_Quake_set_method(quake, env, found->method.c_str());
        adb_Quake_set_region(quake, env, found->region);
        axutil_array_list_add(quakes, env, quake);
    }
    adb_ResultSet_set_quake(set, env, quakes);
    return set;
}

}

// The catalog is read from $SOAPBENCH_DATASETS/seismic/out/ when the service loads (in every
// server process, and first by serve itself); the runner sets the variable to the repository's
// datasets/ folder unless it is already set.
bool load_implementation(const axutil_env_t *, std::string &error) {
    if (checking_samples_only) return true;
    const char *datasets = getenv("SOAPBENCH_DATASETS");
    if (datasets == NULL || *datasets == '\0') {
        error = "seismic data: SOAPBENCH_DATASETS is not set: it names the datasets/ folder that holds seismic/out/";
        return false;
    }
    std::string problem;
    if (!catalog.load(std::string(datasets) + "/seismic/out", problem)) {
        error = "seismic data: " + problem;
        return false;
    }
    if (catalog.size() == 0) {
        error = "seismic data: no quakes in " + std::string(datasets) + "/seismic/out/quakes.tsv";
        return false;
    }
    return true;
}

axiom_node_t *answer(const Operation &, void *message, const axutil_env_t *env) {
    adb_matchQuakes_t *request = (adb_matchQuakes_t *)message;
    axutil_date_time_t *min_time = adb_matchQuakes_get_minDateTime(request, env);
    axutil_date_time_t *max_time = adb_matchQuakes_get_maxDateTime(request, env);
    if (!min_time || !max_time) {
        refuse_request(env, "matchQuakes needs minDateTime and maxDateTime");
        return NULL;
    }
    Query query{first_whole_second(min_time, env), first_whole_second(max_time, env),
                adb_matchQuakes_get_minLatitude(request, env), adb_matchQuakes_get_maxLatitude(request, env),
                adb_matchQuakes_get_minLongitude(request, env), adb_matchQuakes_get_maxLongitude(request, env)};
    std::vector<QuakeGroup> groups = catalog.match(query);

    adb_matchQuakesResponse_t *response = adb_matchQuakesResponse_create(env);
    if (!response) return NULL;
    axutil_array_list_t *sets = axutil_array_list_create(env, (int)groups.size() + 1);
    for (const QuakeGroup &group : groups) axutil_array_list_add(sets, env, result_set(group, env));
    adb_matchQuakesResponse_set_resultSet(response, env, sets);
    axiom_node_t *node = adb_matchQuakesResponse_serialize(response, env, NULL, NULL, AXIS2_TRUE, NULL, NULL);
    adb_matchQuakesResponse_free(response, env);
    return node;
}
