package dev.soapbench.studies;

import dev.soapbench.runs.StudyMembership;
import java.util.Optional;
import java.util.UUID;
import org.springframework.stereotype.Component;

/** Tells the run page which study run a run is a cell of, from the study's own cells. */
@Component
class StudyMemberships implements StudyMembership {

    private final StudyRunRepository studyRuns;

    StudyMemberships(StudyRunRepository studyRuns) {
        this.studyRuns = studyRuns;
    }

    @Override
    public Optional<UUID> studyRunOf(UUID runId) {
        return studyRuns.studyRunOf(runId);
    }
}
