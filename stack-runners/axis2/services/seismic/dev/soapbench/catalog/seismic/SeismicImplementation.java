package dev.soapbench.catalog.seismic;

import dev.soapbench.jvmsupport.catalog.seismic.QuakeGroup;
import dev.soapbench.jvmsupport.catalog.seismic.SeismicCatalog;
import dev.soapbench.jvmsupport.samples.SampleException;
import java.util.Calendar;
import java.util.List;
import java.util.TimeZone;
import seismic.soapbench.MatchQuakes;
import seismic.soapbench.MatchQuakesResponse;
import seismic.soapbench.Quake;
import seismic.soapbench.Region;
import seismic.soapbench.ResultSet;
import seismic.soapbench.SeismicRegion;
import seismic.soapbench.SeismicServiceSkeletonInterface;

/**
 * SeismicImplementation is the catalog seismic service: matchQuakes is evaluated against the quake
 * catalog of $SOAPBENCH_DATASETS/seismic/out/ (the stack-neutral engine of jvm-support, loaded once
 * when the server starts) and answered through the ADB beans WSDL2Java generates from
 * seismic.wsdl (package seismic.soapbench).
 */
public class SeismicImplementation implements SeismicServiceSkeletonInterface {
    private static final SeismicCatalog CATALOG = loadCatalog();
    private static final TimeZone UTC = TimeZone.getTimeZone("UTC");

    @Override
    public MatchQuakesResponse matchQuakes(MatchQuakes request) {
        List<QuakeGroup> groups = CATALOG.match(
                firstWholeSecond(request.getMinDateTime()), firstWholeSecond(request.getMaxDateTime()),
                request.getMinLatitude(), request.getMaxLatitude(),
                request.getMinLongitude(), request.getMaxLongitude());
        MatchQuakesResponse response = new MatchQuakesResponse();
        if (!groups.isEmpty()) {
            ResultSet[] sets = new ResultSet[groups.size()];
            for (int i = 0; i < sets.length; i++) {
                sets[i] = resultSet(groups.get(i));
            }
            response.setResultSet(sets);
        }
        return response;
    }

    private static ResultSet resultSet(QuakeGroup group) {
        ResultSet set = new ResultSet();
        SeismicRegion seismicRegion = new SeismicRegion();
        seismicRegion.setId(group.seismicRegion());
        seismicRegion.setName(CATALOG.seismicRegionName(group.seismicRegion()));
        set.setSeismicRegion(seismicRegion);

        Region[] regions = new Region[group.regions().size()];
        for (int i = 0; i < regions.length; i++) {
            int id = group.regions().get(i);
            regions[i] = new Region();
            regions[i].setId(id);
            regions[i].setName(CATALOG.regionName(id));
        }
        set.setRegion(regions);

        Quake[] quakes = new Quake[group.quakes().size()];
        for (int i = 0; i < quakes.length; i++) {
            quakes[i] = quake(group.quakes().get(i));
        }
        set.setQuake(quakes);
        return set;
    }

    private static Quake quake(dev.soapbench.jvmsupport.catalog.seismic.Quake found) {
        Quake quake = new Quake();
        Calendar time = Calendar.getInstance(UTC);
        time.setTimeInMillis(found.epochSecond() * 1000);
        quake.setTime(time);
        quake.setMillis(found.millis());
        quake.setLatitude(found.latitude());
        quake.setLongitude(found.longitude());
        quake.setDepth(found.depth());
        quake.setMagnitude(found.magnitude());
        quake.setMethod(found.method());
        quake.setRegion(found.region());
        return quake;
    }

    // Quake times are whole seconds: a bound with a fraction of a second moves to the next whole
    // second, which keeps both the closed lower and the open upper bound exact.
    private static long firstWholeSecond(Calendar bound) {
        return -Math.floorDiv(-bound.getTimeInMillis(), 1000L);
    }

    private static SeismicCatalog loadCatalog() {
        try {
            return SeismicCatalog.loadFromEnvironment();
        } catch (SampleException e) {
            String reason = e.getMessage();
            throw new IllegalStateException(reason.startsWith("seismic data:") ? reason : "seismic data: " + reason, e);
        }
    }
}
