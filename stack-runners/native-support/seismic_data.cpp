#include "seismic_data.h"

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <set>
#include <sstream>

namespace {

class TsvFile {
public:
    explicit TsvFile(const std::string &path) : path_(path), in_(path) {}

    bool open(std::string &problem)
    {
        if (!in_) {
            problem = "cannot read " + path_ + ": " + strerror(errno) + " (run make -C datasets build)";
            return false;
        }
        std::string header;
        ++line_number_;
        return static_cast<bool>(std::getline(in_, header)) || fail("empty file", problem);
    }

    // The next row split at tabs; false at the end of the file or when a row is malformed
    // (then problem is set).
    bool next(std::vector<std::string> &fields, size_t expected, std::string &problem)
    {
        std::string line;
        while (std::getline(in_, line)) {
            ++line_number_;
            if (line.empty())
                continue;
            fields.clear();
            std::stringstream row(line);
            std::string field;
            while (std::getline(row, field, '\t'))
                fields.push_back(field);
            if (fields.size() != expected)
                return fail("expected " + std::to_string(expected) + " tab-separated fields, found "
                            + std::to_string(fields.size()), problem);
            return true;
        }
        return false;
    }

    bool fail(const std::string &what, std::string &problem) const
    {
        problem = path_ + ":" + std::to_string(line_number_) + ": " + what;
        return false;
    }

private:
    std::string path_;
    std::ifstream in_;
    int line_number_ = 0;
};

bool parse_int(const std::string &text, int &value)
{
    char *end = nullptr;
    errno = 0;
    long number = strtol(text.c_str(), &end, 10);
    value = static_cast<int>(number);
    return !text.empty() && *end == '\0' && errno == 0 && number == value;
}

bool parse_double(const std::string &text, double &value)
{
    char *end = nullptr;
    value = strtod(text.c_str(), &end);
    return !text.empty() && *end == '\0';
}

// "2000-01-01T01:22:45Z", whole seconds in UTC
bool parse_time(const std::string &text, time_t &value)
{
    struct tm fields = {};
    const char *end = strptime(text.c_str(), "%Y-%m-%dT%H:%M:%SZ", &fields);
    if (end == nullptr || *end != '\0')
        return false;
    value = timegm(&fields);
    return true;
}

}

bool SeismicCatalog::load(const std::string &folder, std::string &problem)
{
    std::vector<std::string> fields;
    TsvFile seismic_regions(folder + "/seismic-regions.tsv");
    if (!seismic_regions.open(problem))
        return false;
    while (seismic_regions.next(fields, 2, problem)) {
        int id = 0;
        if (!parse_int(fields[0], id))
            return seismic_regions.fail("id '" + fields[0] + "' is not a number", problem);
        seismic_region_names_[id] = fields[1];
    }
    if (!problem.empty())
        return false;

    TsvFile regions(folder + "/regions.tsv");
    if (!regions.open(problem))
        return false;
    while (regions.next(fields, 3, problem)) {
        int id = 0, parent = 0;
        if (!parse_int(fields[0], id) || !parse_int(fields[1], parent))
            return regions.fail("id or seismicRegion is not a number", problem);
        if (!seismic_region_names_.count(parent))
            return regions.fail("unknown seismic region " + fields[1], problem);
        region_names_[id] = fields[2];
        region_parent_[id] = parent;
    }
    if (!problem.empty())
        return false;

    TsvFile quakes(folder + "/quakes.tsv");
    if (!quakes.open(problem))
        return false;
    while (quakes.next(fields, 8, problem)) {
        Quake quake;
        if (!parse_time(fields[0], quake.time))
            return quakes.fail("time '" + fields[0] + "' is not YYYY-MM-DDThh:mm:ssZ", problem);
        if (!parse_int(fields[1], quake.millis) || !parse_double(fields[2], quake.latitude)
            || !parse_double(fields[3], quake.longitude) || !parse_double(fields[4], quake.depth)
            || !parse_double(fields[5], quake.magnitude) || !parse_int(fields[7], quake.region))
            return quakes.fail("a number field does not parse", problem);
        auto parent = region_parent_.find(quake.region);
        if (parent == region_parent_.end())
            return quakes.fail("unknown region " + fields[7], problem);
        quake.method = fields[6];
        quake.seismic_region = parent->second;
        quakes_.push_back(quake);
    }
    if (!problem.empty())
        return false;

    std::stable_sort(quakes_.begin(), quakes_.end(),
                     [](const Quake &a, const Quake &b) { return a.time < b.time; });
    times_.reserve(quakes_.size());
    for (const Quake &quake : quakes_)
        times_.push_back(quake.time);
    return true;
}

std::vector<QuakeGroup> SeismicCatalog::match(const Query &query) const
{
    std::vector<const Quake *> matches;
    auto first = std::lower_bound(times_.begin(), times_.end(), query.first_time);
    auto end = std::lower_bound(first, times_.end(), query.end_time);
    for (auto it = first; it < end; ++it) {
        const Quake &quake = quakes_[it - times_.begin()];
        if (query.min_latitude <= quake.latitude && quake.latitude < query.max_latitude
            && query.min_longitude <= quake.longitude && quake.longitude < query.max_longitude)
            matches.push_back(&quake);
    }
    // stable: each group keeps the time order of the scan
    std::stable_sort(matches.begin(), matches.end(),
                     [](const Quake *a, const Quake *b) { return a->seismic_region < b->seismic_region; });

    std::vector<QuakeGroup> groups;
    for (const Quake *quake : matches) {
        if (groups.empty() || groups.back().seismic_region != quake->seismic_region)
            groups.push_back(QuakeGroup{quake->seismic_region, {}, {}});
        groups.back().quakes.push_back(quake);
    }
    for (QuakeGroup &group : groups) {
        std::set<int> regions;
        for (const Quake *quake : group.quakes)
            regions.insert(quake->region);
        group.regions.assign(regions.begin(), regions.end());
    }
    return groups;
}
