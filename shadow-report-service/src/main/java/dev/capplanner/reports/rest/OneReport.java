package dev.capplanner.reports.rest;

import dev.capplanner.problems.Problems;
import dev.capplanner.reports.persistence.ShadowReportRepository;
import dev.capplanner.reports.shadow.ShadowReport;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.ClientErrorException;
import jakarta.ws.rs.NotFoundException;
import java.util.List;
import java.util.Set;

/**
 * Finds the one report a review or a label is about: the run's iteration among the caller's tenants,
 * named by its event id when several runs share the run id (each chat backend names its own runs);
 * any other tenant's report is "not found".
 */
final class OneReport {

    private OneReport() {
    }

    static Uni<ShadowReport> find(ShadowReportRepository repository, String runId, Integer iteration, String eventId,
                                  Set<String> tenants) {
        int wanted = iteration == null ? 0 : iteration;
        return repository.findByRun(runId).map(reports -> {
            List<ShadowReport> matching = reports.stream().filter(r -> r.iteration() == wanted
                    && tenants.contains(r.tenantId()) && (eventId == null || eventId.equals(r.eventId()))).toList();
            if (matching.isEmpty()) {
                throw new NotFoundException("no shadow report for run " + runId + " iteration " + wanted);
            }
            if (matching.size() > 1) {
                throw new ClientErrorException(Problems.response(409, matching.size() + " runs have the id " + runId
                        + " (other conversations or users): name the report's 'eventId'"));
            }
            return matching.get(0);
        });
    }
}
