-- The summary reads these instead of every report: per tenant, hour and kind of comparison (A/A
-- baseline or not) the counts behind each rate, and per metric a histogram of the values behind each
-- percentile. shadow_report_roll_up (below) is the one place that changes them: ingestion calls it in
-- the statement that stores the reports (with the new reports only, so a redelivery counts once),
-- retention with what it deletes. Hours are UTC.
CREATE TABLE shadow_report_hourly (
    tenant_id         VARCHAR(200) NOT NULL,
    hour              TIMESTAMP WITH TIME ZONE NOT NULL,
    baseline          BOOLEAN      NOT NULL,
    reports           BIGINT       NOT NULL,
    agreed            BIGINT       NOT NULL,
    fell_back         BIGINT       NOT NULL,
    invalid_plans     BIGINT       NOT NULL,
    corrected         BIGINT       NOT NULL,
    premature_avoided BIGINT       NOT NULL,
    PRIMARY KEY (tenant_id, hour, baseline)
);

-- One bucket of one metric (latency_ms, prompt_tokens): values in [bucket_low, bucket_high).
CREATE TABLE shadow_report_hourly_histogram (
    tenant_id   VARCHAR(200) NOT NULL,
    hour        TIMESTAMP WITH TIME ZONE NOT NULL,
    baseline    BOOLEAN      NOT NULL,
    metric      VARCHAR(20)  NOT NULL,
    bucket_low  BIGINT       NOT NULL,
    bucket_high BIGINT       NOT NULL,
    count       BIGINT       NOT NULL,
    PRIMARY KEY (tenant_id, hour, baseline, metric, bucket_low)
);

-- The width of the bucket holding a value: 1 below 64 (exact), then 32 equal buckets per power of
-- two, so a bucket's midpoint is within 1/64 (1.6 %) of any value in it. Negative values count as 0.
-- Not STRICT: the planner inlines a SQL function only when its body is as strict as its declaration,
-- and calling them per value instead costs the summary's partial hours some 70 ms a week.
CREATE FUNCTION shadow_report_bucket_width(v BIGINT) RETURNS BIGINT
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ SELECT CASE WHEN v < 64 THEN 1::BIGINT
                      ELSE 1::BIGINT << (length(ltrim(v::BIT(64)::TEXT, '0')) - 6) END $$;

CREATE FUNCTION shadow_report_bucket_low(v BIGINT) RETURNS BIGINT
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ SELECT greatest(v, 0) - greatest(v, 0) % shadow_report_bucket_width(greatest(v, 0)) $$;

-- Adds (sign 1) or subtracts (sign -1) these reports to or from their hours; rows left at zero go.
CREATE FUNCTION shadow_report_roll_up(changed shadow_report[], sign INTEGER) RETURNS VOID
    LANGUAGE sql VOLATILE
    AS $$
    INSERT INTO shadow_report_hourly AS h (tenant_id, hour, baseline, reports, agreed, fell_back, invalid_plans,
                                           corrected, premature_avoided)
    SELECT r.tenant_id, date_trunc('hour', r.occurred_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', r.baseline,
           sign * count(*), sign * count(*) FILTER (WHERE r.agreement),
           sign * count(*) FILTER (WHERE r.fallback_reason IS NOT NULL), sign * count(*) FILTER (WHERE r.invalid_plan),
           sign * count(*) FILTER (WHERE r.corrected), sign * count(*) FILTER (WHERE r.premature_avoided)
    FROM unnest(changed) AS r
    GROUP BY 1, 2, 3
    ON CONFLICT (tenant_id, hour, baseline) DO UPDATE SET reports = h.reports + excluded.reports,
        agreed = h.agreed + excluded.agreed, fell_back = h.fell_back + excluded.fell_back,
        invalid_plans = h.invalid_plans + excluded.invalid_plans, corrected = h.corrected + excluded.corrected,
        premature_avoided = h.premature_avoided + excluded.premature_avoided;

    INSERT INTO shadow_report_hourly_histogram AS g (tenant_id, hour, baseline, metric, bucket_low, bucket_high, count)
    SELECT r.tenant_id, date_trunc('hour', r.occurred_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', r.baseline, m.metric,
           shadow_report_bucket_low(m.value),
           shadow_report_bucket_low(m.value) + shadow_report_bucket_width(greatest(m.value, 0)), sign * count(*)
    FROM unnest(changed) AS r
    CROSS JOIN LATERAL (VALUES ('latency_ms', r.capability_latency_ms), ('prompt_tokens', r.prompt_tokens::BIGINT))
        AS m(metric, value)
    WHERE m.value IS NOT NULL
    GROUP BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (tenant_id, hour, baseline, metric, bucket_low) DO UPDATE SET count = g.count + excluded.count;

    DELETE FROM shadow_report_hourly WHERE sign < 0 AND reports = 0;
    DELETE FROM shadow_report_hourly_histogram WHERE sign < 0 AND count = 0;
$$;

-- Reports stored before this migration, one tenant's hour at a time.
SELECT shadow_report_roll_up(array_agg(r), 1)
FROM shadow_report r
GROUP BY r.tenant_id, date_trunc('hour', r.occurred_at AT TIME ZONE 'UTC');
