package dev.capplanner.executor.telemetry;

import dev.capplanner.executor.execution.CallObserver;
import dev.capplanner.executor.request.CallRequest;
import dev.capplanner.executor.request.ToolEndpoint;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;

/**
 * One client span per call an execution sends, a child of the turn's span (the context the plan
 * event was consumed in, captured when the execution starts: later calls run on other threads,
 * where no context is current). Attributes name the tool, action and target, and the outcome; never
 * an argument or a result value.
 */
public final class CallSpans implements CallObserver {

    static final AttributeKey<String> TOOL = AttributeKey.stringKey("capplanner.tool");
    static final AttributeKey<String> ACTION = AttributeKey.stringKey("capplanner.action");
    static final AttributeKey<String> TARGET = AttributeKey.stringKey("capplanner.target");
    static final AttributeKey<Long> HTTP_STATUS = AttributeKey.longKey("http.response.status_code");

    private final Tracer tracer;
    private final Context turn;

    /** @param turn the context of the turn's span, captured where the plan event is handled */
    public CallSpans(Tracer tracer, Context turn) {
        this.tracer = tracer;
        this.turn = turn;
    }

    @Override
    public Observation sending(CallRequest action, ToolEndpoint endpoint) {
        Span span = tracer.spanBuilder("tool_call " + (endpoint.callsMcpTool() ? "mcp" : endpoint.method()))
                .setParent(turn).setSpanKind(SpanKind.CLIENT)
                .setAttribute(TOOL, action.tool()).setAttribute(ACTION, action.id())
                .setAttribute(TARGET, endpoint.service()).startSpan();
        return (response, error) -> {
            if (response != null && response.httpStatus() != null) {
                span.setAttribute(HTTP_STATUS, (long) response.httpStatus());
            }
            if (error != null) {
                span.setStatus(StatusCode.ERROR, error.getClass().getSimpleName());
            } else if (!response.successful()) {
                span.setStatus(StatusCode.ERROR, response.failure());
            }
            span.end();
        };
    }
}
