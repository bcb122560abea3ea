package dev.soapbench.catalog.seismic;

import dev.soapbench.jvmsupport.catalog.seismic.QuakeGroup;
import dev.soapbench.jvmsupport.catalog.seismic.SeismicCatalog;
import dev.soapbench.jvmsupport.samples.SampleException;
import soapbench.seismic.MatchQuakes;
import soapbench.seismic.MatchQuakesResponse;
import soapbench.seismic.Quake;
import soapbench.seismic.Region;
import soapbench.seismic.ResultSet;
import soapbench.seismic.SeismicRegion;

/**
 * SeismicAnswers evaluates the catalog seismic service's matchQuakes requests against the quake
 * catalog it loads once from {@code $SOAPBENCH_DATASETS/seismic/out/} (the shared {@link
 * SeismicCatalog}), and copies the matches into the types JAXB generates from the service's
 * schema. It uses no type of a SOAP framework, so every JVM stack's endpoint calls it.
 */
public final class SeismicAnswers {
    private final SeismicCatalog catalog;

    /** Loads the catalog; a missing or malformed data file stops the server before it is ready. */
    public SeismicAnswers() throws SampleException {
        catalog = SeismicCatalog.loadFromEnvironment();
    }

    /** The quakes of the catalog that match a request, grouped as the service answers them. */
    public MatchQuakesResponse answer(MatchQuakes request) {
        if (request.getMinDateTime() == null || request.getMaxDateTime() == null) {
            throw new IllegalArgumentException("matchQuakes needs minDateTime and maxDateTime");
        }
        MatchQuakesResponse response = new MatchQuakesResponse();
        long first = QuakeTimes.firstWholeSecond(request.getMinDateTime());
        long end = QuakeTimes.firstWholeSecond(request.getMaxDateTime());
        for (QuakeGroup group : catalog.match(first, end, request.getMinLatitude(), request.getMaxLatitude(),
                request.getMinLongitude(), request.getMaxLongitude())) {
            response.getResultSet().add(resultSet(group));
        }
        return response;
    }

    private ResultSet resultSet(QuakeGroup group) {
        ResultSet set = new ResultSet();
        SeismicRegion seismicRegion = new SeismicRegion();
        seismicRegion.setId(group.seismicRegion());
        seismicRegion.setName(catalog.seismicRegionName(group.seismicRegion()));
        set.setSeismicRegion(seismicRegion);
        for (int id : group.regions()) {
            Region region = new Region();
            region.setId(id);
            region.setName(catalog.regionName(id));
            set.getRegion().add(region);
        }
        for (dev.soapbench.jvmsupport.catalog.seismic.Quake found : group.quakes()) {
            Quake quake = new Quake();
            quake.setTime(QuakeTimes.utc(found.epochSecond()));
            quake.setMillis(found.millis());
            quake.setLatitude(found.latitude());
            quake.setLongitude(found.longitude());
            quake.setDepth(found.depth());
            quake.setMagnitude(found.magnitude());
            quake.setMethod(found.method());
            quake.setRegion(found.region());
            set.getQuake().add(quake);
        }
        return set;
    }
}
