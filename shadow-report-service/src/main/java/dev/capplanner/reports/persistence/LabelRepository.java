package dev.capplanner.reports.persistence;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.capplanner.reports.shadow.Label;
import dev.capplanner.reports.shadow.ShadowReport;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.panache.common.Sort;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Stores analysts' labels of reports, append-only (a new label is a new row, the newest counts), and
 * reads a report's labels back newest first: the audit trail of who labelled what, when.
 */
@ApplicationScoped
public class LabelRepository {

    private final ObjectMapper json = new ObjectMapper();

    /** Labels the report stored under {@code report.eventId()}; empty when no such report is among {@code tenants}. */
    public Uni<Optional<Label>> label(ShadowReport report, Set<String> tenants, Label label) {
        return Panache.withTransaction(() -> ShadowReportEntity.<ShadowReportEntity>findById(report.eventId())
                .chain(row -> {
                    if (row == null || !tenants.contains(row.tenantId)) {
                        return Uni.createFrom().item(Optional.<Label>empty());
                    }
                    LabelEntity stored = new LabelEntity();
                    stored.runKey = row.runKey;
                    stored.iteration = row.iteration;
                    stored.tenantId = row.tenantId;
                    stored.expectedOutcome = label.expectedOutcome();
                    stored.expectedTools = label.expectedTools() == null ? null : write(label.expectedTools());
                    stored.note = label.note();
                    stored.labelledBy = label.labelledBy();
                    stored.labelledAt = label.labelledAt();
                    return stored.<LabelEntity>persist().map(saved -> Optional.of(label));
                }));
    }

    /** The report's labels, newest (the one that counts) first; empty when no such report is among {@code tenants}. */
    public Uni<List<Label>> labels(ShadowReport report, Set<String> tenants) {
        return Panache.withSession(() -> ShadowReportEntity.<ShadowReportEntity>findById(report.eventId())
                .chain(row -> row == null || !tenants.contains(row.tenantId) ? Uni.createFrom().item(List.<Label>of())
                        : LabelEntity.<LabelEntity>find("runKey = ?1 and iteration = ?2 and tenantId = ?3",
                                Sort.descending("id"), row.runKey, row.iteration, row.tenantId).list()
                        .map(rows -> rows.stream().map(this::label).toList())));
    }

    private Label label(LabelEntity row) {
        return new Label(row.expectedOutcome, row.expectedTools == null ? null : read(row.expectedTools), row.note,
                row.labelledBy, row.labelledAt);
    }

    private String write(List<String> tools) {
        try {
            return json.writeValueAsString(tools);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    private List<String> read(String tools) {
        try {
            return json.readValue(tools, new TypeReference<List<String>>() { });
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
