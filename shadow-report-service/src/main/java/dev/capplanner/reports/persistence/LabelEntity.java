package dev.capplanner.reports.persistence;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

/** Row mapping of {@code shadow_report_label}: one label of one run's iteration, never updated (the newest counts). */
@Entity
@Table(name = "shadow_report_label")
public class LabelEntity extends PanacheEntityBase {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;
    @Column(name = "run_key")
    public String runKey;
    public int iteration;
    @Column(name = "tenant_id")
    public String tenantId;
    @Column(name = "expected_outcome")
    public String expectedOutcome;
    /** A JSON array of names, in plan order; null when the label says only the outcome. */
    @Column(name = "expected_tools")
    public String expectedTools;
    public String note;
    @Column(name = "labelled_by")
    public String labelledBy;
    @Column(name = "labelled_at")
    public Instant labelledAt;
}
