package dev.capplanner.reports.persistence;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

/** Row mapping of {@code shadow_report} (see V1__create_shadow_reports.sql); JSON columns hold masked text. */
@Entity
@Table(name = "shadow_report")
public class ShadowReportEntity extends PanacheEntityBase {

    @Id
    @Column(name = "event_id")
    public String eventId;
    @Column(name = "run_id")
    public String runId;
    /** The suite's key of the run ({@code RunIdentity}): what call counts and reviews join on. */
    @Column(name = "run_key")
    public String runKey;
    public int iteration;
    @Column(name = "turn_id")
    public String turnId;
    @Column(name = "conversation_id")
    public String conversationId;
    @Column(name = "tenant_id")
    public String tenantId;
    @Column(name = "project_id")
    public String projectId;
    public String mode;
    @Column(name = "occurred_at")
    public Instant occurredAt;
    @Column(name = "stored_at")
    public Instant storedAt;
    @Column(name = "snapshot_hash")
    public String snapshotHash;
    @Column(name = "snapshot_size_bytes")
    public long snapshotSizeBytes;
    public String question;
    public String candidates;
    @Column(name = "classic_plan")
    public String classicPlan;
    @Column(name = "capability_plan")
    public String capabilityPlan;
    public boolean agreement;
    @Column(name = "capability_latency_ms")
    public long capabilityLatencyMs;
    @Column(name = "fallback_reason")
    public String fallbackReason;
    @Column(name = "prompt_tokens")
    public Integer promptTokens;
    @Column(name = "planner_note")
    public String plannerNote;
    @Column(name = "divergence_kind")
    public String divergenceKind;
    public boolean corrected;
    @Column(name = "invalid_plan")
    public boolean invalidPlan;
    @Column(name = "premature_avoided")
    public boolean prematureAvoided;
    @Column(name = "capability_gave_up")
    public boolean capabilityGaveUp;
    @Column(name = "proposal_outside_route")
    public boolean proposalOutsideRoute;
    public boolean reviewed;
    public boolean baseline;
    /** The id of the planner key whose seal the comparison carried (V9); null for reports stored before seals. */
    @Column(name = "sealed_with")
    public String sealedWith;
}
