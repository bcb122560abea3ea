// The catalog seismic service: matchQuakes evaluated per request against the quake catalog
// loaded at start-up, answered through gSOAP's generated types for seismic.wsdl.
#include <cstdlib>

#include "service.h"
#include "sample_reader.h"
#include "seismic_data.h"

namespace {

SeismicCatalog catalog;

// A window bound with a fraction of a second moves to the next whole second for the closed
// lower bound and past it for the open upper bound, as quake times are whole seconds.
time_t first_whole_second(const struct timeval &bound)
{
    return bound.tv_sec + (bound.tv_usec > 0 ? 1 : 0);
}

// Every value in the catalog has at most 15 significant digits, so 15 read back exactly and
// the answer is not padded with gSOAP's default 17 ("-7.5880000000000001").
const char *const DOUBLE_FORMAT = "%.15lG";

}

int SeismicBindingService::matchQuakes(_ns1__matchQuakes *request, _ns1__matchQuakesResponse &response)
{
    if (request == NULL)
        return soap_senderfault("matchQuakes needs a matchQuakes element", NULL);
    soap->double_format = DOUBLE_FORMAT;
    Query query{first_whole_second(request->minDateTime), first_whole_second(request->maxDateTime),
                request->minLatitude, request->maxLatitude, request->minLongitude, request->maxLongitude};
    std::vector<QuakeGroup> groups = catalog.match(query);

    response.resultSet.reserve(groups.size());
    for (const QuakeGroup &group : groups) {
        ns1__ResultSet *set = soap_new_ns1__ResultSet(soap);
        set->seismicRegion = soap_new_ns1__SeismicRegion(soap);
        set->seismicRegion->id = group.seismic_region;
        set->seismicRegion->name = catalog.seismic_region_name(group.seismic_region);

        ns1__Region *regions = soap_new_ns1__Region(soap, static_cast<int>(group.regions.size()));
        set->region.reserve(group.regions.size());
        for (size_t i = 0; i < group.regions.size(); ++i) {
            regions[i].id = group.regions[i];
            regions[i].name = catalog.region_name(group.regions[i]);
            set->region.push_back(&regions[i]);
        }

        ns1__Quake *quakes = soap_new_ns1__Quake(soap, static_cast<int>(group.quakes.size()));
        set->quake.reserve(group.quakes.size());
        for (size_t i = 0; i < group.quakes.size(); ++i) {
            const Quake &found = *group.quakes[i];
            ns1__Quake &quake = quakes[i];
            quake.time.tv_sec = found.time;
            quake.time.tv_usec = 0;
            quake.millis = found.millis;
            quake.latitude = found.latitude;
            quake.longitude = found.longitude;
            quake.depth = found.depth;
            quake.magnitude = found.magnitude;
            quake.method = found.method;
            quake.region = found.region;
            set->quake.push_back(&quake);
        }
        response.resultSet.push_back(set);
    }
    return SOAP_OK;
}

// The catalog is read from $SOAPBENCH_DATASETS/seismic/out/ at start-up; the runner sets the
// variable to the repository's datasets/ folder unless it is already set.
bool load_samples(struct soap *, const std::string &, std::string &error)
{
    if (checking_samples_only)
        return true;
    const char *datasets = getenv("SOAPBENCH_DATASETS");
    if (datasets == NULL || *datasets == '\0') {
        error = "SOAPBENCH_DATASETS is not set: it names the datasets/ folder that holds seismic/out/";
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
