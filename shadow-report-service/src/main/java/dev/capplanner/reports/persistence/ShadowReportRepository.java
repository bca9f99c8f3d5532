package dev.capplanner.reports.persistence;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.capplanner.reports.shadow.ExternalCallCount;
import dev.capplanner.reports.shadow.PlanDecided;
import dev.capplanner.reports.shadow.ReportPage;
import dev.capplanner.reports.shadow.ReportQuery;
import dev.capplanner.reports.shadow.ReportSignals;
import dev.capplanner.reports.shadow.Review;
import dev.capplanner.reports.shadow.ShadowReport;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.panache.common.Page;
import io.quarkus.panache.common.Sort;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Finds shadow reports, stores call counts and reviews, with Hibernate Reactive Panache ({@link ReportWrites} stores the reports). */
@ApplicationScoped
public class ShadowReportRepository {

    private final ObjectMapper json = new ObjectMapper();

    /**
     * Stores what an iteration sent to remote systems unless it is stored already (a redelivered
     * observation is the same observation), with the id of the executor key that sealed it.
     */
    public Uni<Boolean> storeCallsOnce(String runKey, int iteration, String tenantId, ExternalCallCount calls,
                                       String sealedWith, Instant observedAt) {
        return Panache.withTransaction(() -> ExternalCallsEntity.<ExternalCallsEntity>findById(
                        new RunIteration(runKey, iteration))
                .chain(existing -> {
                    if (existing != null) {
                        return Uni.createFrom().item(false);
                    }
                    ExternalCallsEntity row = new ExternalCallsEntity();
                    row.runKey = runKey;
                    row.iteration = iteration;
                    row.tenantId = tenantId;
                    row.plannedBy = calls.plannedBy();
                    row.sent = calls.sent();
                    row.denied = calls.denied();
                    row.observedAt = observedAt;
                    row.sealedWith = sealedWith;
                    row.planDecisions = calls.plans().isEmpty() ? null : write(calls.plans());
                    return row.persist().replaceWith(true);
                }));
    }

    public Uni<List<ShadowReport>> findByRun(String runId) {
        return Panache.withSession(() -> ShadowReportEntity.<ShadowReportEntity>find("runId", Sort.ascending("iteration"),
                runId).list().chain(this::withCalls));
    }

    public Uni<ReportPage> find(ReportQuery query) {
        List<String> conditions = new ArrayList<>();
        Map<String, Object> parameters = new LinkedHashMap<>();
        conditions.add("tenantId in :tenants");
        parameters.put("tenants", query.tenants());
        if (query.from() != null) {
            conditions.add("occurredAt >= :from");
            parameters.put("from", query.from());
        }
        if (query.to() != null) {
            conditions.add("occurredAt < :to");
            parameters.put("to", query.to());
        }
        ReportQuery.Filters filters = query.filters();
        when(conditions, parameters, "mode", filters.mode());
        when(conditions, parameters, "agreement", filters.agreement());
        when(conditions, parameters, "divergenceKind", filters.divergence());
        when(conditions, parameters, "corrected", filters.corrected());
        when(conditions, parameters, "invalidPlan", filters.invalidPlan());
        when(conditions, parameters, "prematureAvoided", filters.prematureAvoided());
        when(conditions, parameters, "reviewed", filters.reviewed());
        when(conditions, parameters, "baseline", filters.baseline());
        if (filters.fallback() != null) {
            conditions.add(filters.fallback() ? "fallbackReason is not null" : "fallbackReason is null");
        }
        String where = String.join(" and ", conditions);
        Sort order = switch (query.order()) {
            case OLDEST -> Sort.ascending("occurredAt").and("eventId");
            case SLOWEST -> Sort.descending("capabilityLatencyMs").and("eventId");
            case FASTEST -> Sort.ascending("capabilityLatencyMs").and("eventId");
            default -> Sort.descending("occurredAt").and("eventId");
        };
        return Panache.withSession(() -> {
            var found = ShadowReportEntity.<ShadowReportEntity>find(where, order, parameters);
            return found.page(Page.of(query.page(), query.size())).list().chain(this::withCalls)
                    .chain(reports -> found.count().map(total -> new ReportPage(reports, query.page(), query.size(),
                            total)));
        });
    }

    private static void when(List<String> conditions, Map<String, Object> parameters, String field, Object value) {
        if (value != null) {
            conditions.add(field + " = :" + field);
            parameters.put(field, value);
        }
    }

    /**
     * Records a reviewer's verdict on one report, named by its event id (a second review replaces the
     * first), and marks the report reviewed, in one transaction; empty when there is no such report
     * among the tenants the caller may read.
     */
    public Uni<java.util.Optional<ShadowReport>> review(String eventId, java.util.Set<String> tenants, Review review) {
        return Panache.withTransaction(() -> ShadowReportEntity.<ShadowReportEntity>findById(eventId)
                .chain(row -> {
                    if (row == null || !tenants.contains(row.tenantId)) {
                        return Uni.createFrom().item(java.util.Optional.<ShadowReport>empty());
                    }
                    row.reviewed = true;
                    RunIteration key = new RunIteration(row.runKey, row.iteration);
                    return ReviewEntity.<ReviewEntity>findById(key).chain(existing -> {
                        ReviewEntity stored = existing == null ? new ReviewEntity() : existing;
                        stored.runKey = row.runKey;
                        stored.iteration = row.iteration;
                        stored.tenantId = row.tenantId;
                        stored.verdict = review.verdict();
                        stored.note = review.note();
                        stored.reviewer = review.reviewer();
                        stored.reviewedAt = review.reviewedAt();
                        return stored.<ReviewEntity>persist();
                    }).map(saved -> java.util.Optional.of(toReport(row).withReview(review)));
                }));
    }

    /** The reports of these rows, each with its iteration's call counts when they have arrived. */
    private Uni<List<ShadowReport>> withCalls(List<ShadowReportEntity> rows) {
        if (rows.isEmpty()) {
            return Uni.createFrom().item(List.of());
        }
        List<String> runs = rows.stream().map(row -> row.runKey).distinct().toList();
        return ExternalCallsEntity.<ExternalCallsEntity>list("runKey in ?1", runs)
                .chain(counted -> ReviewEntity.<ReviewEntity>list("runKey in ?1", runs).map(reviews -> {
                    Map<String, ExternalCallCount> callsByIteration = new java.util.HashMap<>();
                    counted.forEach(c -> callsByIteration.put(c.runKey + "#" + c.iteration,
                            new ExternalCallCount(c.plannedBy, c.sent, c.denied, planDecisions(c.planDecisions))));
                    Map<String, Review> reviewsByIteration = new java.util.HashMap<>();
                    reviews.forEach(r -> reviewsByIteration.put(r.runKey + "#" + r.iteration,
                            new Review(r.verdict, r.note, r.reviewer, r.reviewedAt)));
                    return rows.stream().map(row -> {
                        String key = row.runKey + "#" + row.iteration;
                        ShadowReport report = toReport(row);
                        ExternalCallCount calls = callsByIteration.get(key);
                        report = calls == null ? report : report.withExternalCalls(calls);
                        Review review = reviewsByIteration.get(key);
                        return review == null ? report : report.withReview(review);
                    }).toList();
                }));
    }

    private ShadowReport toReport(ShadowReportEntity row) {
        return new ShadowReport(row.eventId, row.runId, row.iteration, row.turnId, row.conversationId, row.tenantId,
                row.projectId, row.mode, row.occurredAt, row.storedAt, row.snapshotHash, row.snapshotSizeBytes,
                row.question, read(row.candidates, new TypeReference<List<String>>() { }),
                read(row.classicPlan, new TypeReference<Object>() { }),
                read(row.capabilityPlan, new TypeReference<Object>() { }), row.agreement, row.capabilityLatencyMs,
                row.fallbackReason, row.promptTokens, row.plannerNote, null)
                .withSignals(new ReportSignals(row.divergenceKind, row.corrected, row.invalidPlan, row.prematureAvoided,
                        row.capabilityGaveUp, row.proposalOutsideRoute, row.baseline));
    }

    private List<PlanDecided> planDecisions(String text) {
        return text == null ? List.of() : read(text, new TypeReference<List<PlanDecided>>() { });
    }

    private String write(Object value) {
        try {
            return json.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    private <T> T read(String text, TypeReference<T> type) {
        try {
            return json.readValue(text, type);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
