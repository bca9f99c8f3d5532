package dev.capplanner.reports.persistence;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.Table;
import java.time.Instant;

/** Row mapping of {@code shadow_report_calls} (see V2__external_calls.sql): counts, and what capability plans decided. */
@Entity
@Table(name = "shadow_report_calls")
@IdClass(RunIteration.class)
public class ExternalCallsEntity extends PanacheEntityBase {

    @Id
    @Column(name = "run_key")
    public String runKey;
    @Id
    public int iteration;
    @Column(name = "tenant_id")
    public String tenantId;
    @Column(name = "planned_by")
    public String plannedBy;
    public int sent;
    public int denied;
    @Column(name = "observed_at")
    public Instant observedAt;
    /** JSON array of what each capability plan decided (V7__plan_decisions.sql); null when none ran. */
    @Column(name = "plan_decisions")
    public String planDecisions;
    /** The id of the executor key whose seal these counts carried (V9); null for counts stored before seals. */
    @Column(name = "sealed_with")
    public String sealedWith;
}
