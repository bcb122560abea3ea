package dev.soapbench.runs;

import java.util.Optional;
import java.util.UUID;

/**
 * Which study run sent a run as one of its cells. The studies feature keeps that record and
 * answers here: studies starts its cells through runs, so runs asks through this interface rather
 * than depending on studies (or reading its tables).
 */
public interface StudyMembership {

    /** The study run that sent {@code runId} as one of its cells, if any. */
    Optional<UUID> studyRunOf(UUID runId);
}
