package dev.capplanner.contracts;

/** CloudEvents 1.0 Kafka protocol binding, binary mode: attributes travel as {@code ce_} headers. */
public final class CloudEventHeaders {
    public static final String SPEC_VERSION = "ce_specversion";
    public static final String ID = "ce_id";
    public static final String TYPE = "ce_type";
    public static final String SOURCE = "ce_source";
    public static final String SUBJECT = "ce_subject";
    public static final String TIME = "ce_time";
    public static final String DATA_SCHEMA = "ce_dataschema";
    public static final String CONTENT_TYPE = "content-type";
    public static final String SPEC_VERSION_VALUE = "1.0";
    public static final String JSON = "application/json";
    public static final String SCHEMA_BASE_URI = "https://capplanner.dev/schemas/v1/";

    private CloudEventHeaders() {
    }
}
