// The quake catalog in memory: loaded once from the TSV files of datasets/seismic/out/, then
// queried by time window and latitude/longitude box.
#ifndef SOAPBENCH_SEISMIC_DATA_H
#define SOAPBENCH_SEISMIC_DATA_H
#include <ctime>
#include <map>
#include <string>
#include <vector>

struct Quake {
    time_t time;
    int millis;
    double latitude;
    double longitude;
    double depth;
    double magnitude;
    std::string method;
    int region;
    int seismic_region;
};

struct Query {
    time_t first_time;  // the earliest whole second that matches
    time_t end_time;    // the first whole second after the window
    double min_latitude, max_latitude;
    double min_longitude, max_longitude;
};

// One seismic region's matches: its regions in ascending id, its quakes in time order.
struct QuakeGroup {
    int seismic_region;
    std::vector<int> regions;
    std::vector<const Quake *> quakes;
};

class SeismicCatalog {
public:
    // Reads quakes.tsv, regions.tsv and seismic-regions.tsv from folder; false with a one-line
    // problem naming the file and line otherwise.
    bool load(const std::string &folder, std::string &problem);

    // The matches grouped by seismic region in ascending id.
    std::vector<QuakeGroup> match(const Query &query) const;

    const std::string &region_name(int id) const { return region_names_.at(id); }
    const std::string &seismic_region_name(int id) const { return seismic_region_names_.at(id); }
    size_t size() const { return quakes_.size(); }

private:
    std::vector<Quake> quakes_;  // sorted by time
    std::vector<time_t> times_;  // quakes_[i].time, packed for the binary search
    std::map<int, std::string> region_names_;
    std::map<int, int> region_parent_;
    std::map<int, std::string> seismic_region_names_;
};

#endif
