package dev.capplanner.reports.persistence;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.Table;
import java.time.Instant;

/** Row mapping of {@code shadow_report_review}: a reviewer's verdict on one run's iteration. */
@Entity
@Table(name = "shadow_report_review")
@IdClass(RunIteration.class)
public class ReviewEntity extends PanacheEntityBase {

    @Id
    @Column(name = "run_key")
    public String runKey;
    @Id
    public int iteration;
    @Column(name = "tenant_id")
    public String tenantId;
    public String verdict;
    public String note;
    public String reviewer;
    @Column(name = "reviewed_at")
    public Instant reviewedAt;
}
