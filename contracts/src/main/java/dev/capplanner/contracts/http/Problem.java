package dev.capplanner.contracts.http;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What every HTTP API of the suite answers when it refuses or fails a request: an RFC 9457 problem
 * document ({@value #MEDIA_TYPE}). {@code type} is {@code about:blank}, so {@code title} is the
 * status's own phrase; {@code detail} says, for a person, what was wrong with this request. A
 * problem may carry extension members (a refused capability plan lists its {@code problems}).
 */
public record Problem(String type, String title, int status, String detail, Map<String, Object> extensions) {

    public static final String MEDIA_TYPE = "application/problem+json";
    private static final String ABOUT_BLANK = "about:blank";

    public Problem {
        extensions = extensions == null ? Map.of() : Map.copyOf(extensions);
    }

    public static Problem of(int status, String detail) {
        return new Problem(ABOUT_BLANK, title(status), status, detail, Map.of());
    }

    /** This problem with one more extension member. */
    public Problem with(String member, Object value) {
        Map<String, Object> more = new LinkedHashMap<>(extensions);
        more.put(member, value);
        return new Problem(type, title, status, detail, more);
    }

    /** The document as it is sent: the standard members first, then the extensions. */
    public Map<String, Object> body() {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("type", type);
        body.put("title", title);
        body.put("status", status);
        if (detail != null) {
            body.put("detail", detail);
        }
        extensions.forEach(body::putIfAbsent);
        return body;
    }

    private static String title(int status) {
        return switch (status) {
            case 400 -> "Bad Request";
            case 401 -> "Unauthorized";
            case 403 -> "Forbidden";
            case 404 -> "Not Found";
            case 405 -> "Method Not Allowed";
            case 406 -> "Not Acceptable";
            case 409 -> "Conflict";
            case 413 -> "Content Too Large";
            case 415 -> "Unsupported Media Type";
            case 422 -> "Unprocessable Content";
            case 429 -> "Too Many Requests";
            case 500 -> "Internal Server Error";
            case 502 -> "Bad Gateway";
            case 503 -> "Service Unavailable";
            case 504 -> "Gateway Timeout";
            default -> status >= 500 ? "Server Error" : "Client Error";
        };
    }
}
