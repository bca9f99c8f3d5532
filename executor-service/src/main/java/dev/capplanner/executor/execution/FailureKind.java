package dev.capplanner.executor.execution;

import java.util.Locale;

/**
 * What kind of failure a call met (rule "normalized errors"): developers get the kind and the
 * normalized detail (error class, HTTP status; never the remote side's words), users a plain
 * sentence about the service, never a stack trace. Classified from the executor's own normalized
 * failure texts, which it writes itself.
 */
public enum FailureKind {
    TIMEOUT("did not answer in time"),
    UNREACHABLE("could not be reached"),
    UNAVAILABLE("is not answering right now; try again in a minute"),
    NOT_FOUND("found nothing for this"),
    REFUSED("refused the request"),
    REJECTED("did not accept the request"),
    SERVICE_ERROR("failed while answering"),
    TOOL_ERROR("reported an error"),
    MALFORMED_RESULT("answered in a form it did not promise"),
    OTHER("could not answer");

    private final String plainly;

    FailureKind(String plainly) {
        this.plainly = plainly;
    }

    public String wireName() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** The sentence a user may be shown: the service and what happened, in plain words. */
    public String tellUser(String service) {
        return "the " + service + " service " + plainly;
    }

    /** Classifies a failure from the HTTP status and the normalized detail the executor wrote. */
    public static FailureKind of(Integer httpStatus, String detail) {
        String text = detail == null ? "" : detail;
        if (httpStatus != null) {
            if (httpStatus == 404 || httpStatus == 410) {
                return NOT_FOUND;
            }
            if (httpStatus == 401 || httpStatus == 403) {
                return REFUSED;
            }
            if (httpStatus == 408 || httpStatus == 504) {
                return TIMEOUT;
            }
            return httpStatus >= 500 ? SERVICE_ERROR : REJECTED;
        }
        if (text.contains("Timeout")) {
            return TIMEOUT;
        }
        if (text.startsWith("call failed: ")) {
            return text.contains("Connect") || text.contains("ClosedChannel") || text.contains("IOException")
                    ? UNREACHABLE : OTHER;
        }
        if (text.contains("not answering right now")) {
            return UNAVAILABLE;
        }
        if (text.startsWith("the MCP tool reported an error")) {
            return TOOL_ERROR;
        }
        if (text.startsWith("the MCP tool's result")) {
            return MALFORMED_RESULT;
        }
        return OTHER;
    }
}
