package dev.capplanner.importing.openapi;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;

/** Reads an OpenAPI document, JSON or YAML, from a file or an http(s) URL. */
public final class OpenApiSource {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    private static final Duration TIMEOUT = Duration.ofSeconds(20);

    private OpenApiSource() {
    }

    /** @throws SourceUnavailableException when the file cannot be read or the URL does not answer 200 */
    public static JsonNode read(String location) {
        return document(text(location), location);
    }

    /**
     * A document's text as the importer reads it: a single-file OpenAPI 3 document as it is; a
     * Swagger 2.0 one converted, and one referring to other files or URLs resolved, by a maintained
     * parser ({@link MaintainedParser}).
     *
     * @param location the file or URL it was read from (relative references resolve against it), or
     *                 null for an uploaded document
     */
    public static JsonNode document(String text, String location) {
        JsonNode document = parse(text);
        return MaintainedParser.needed(document) ? MaintainedParser.read(document, text, location) : document;
    }

    /** The text at a location: a file, or an http(s) URL that answers 200 ({@link FetchRules#LOCAL}). */
    public static String text(String location) {
        return location.startsWith("http://") || location.startsWith("https://")
                ? fetch(location, Map.of(), Map.of(), FetchRules.LOCAL) : readFile(location);
    }

    /** The text at an http(s) URL that answers 200, fetched by the rules (size, redirects, addresses). */
    public static String text(String url, FetchRules rules) {
        if (!(url.startsWith("http://") || url.startsWith("https://"))) {
            throw new SourceRefusedException("a source is read from an http(s) URL");
        }
        return fetch(url, Map.of(), Map.of(), rules);
    }

    /**
     * The text at an http(s) URL that answers 200, asked with a credential: {@code headers} and
     * {@code query} parameters are sent with the request and never named in an error, and a redirect
     * is not followed (it would carry the credential to a host nobody allowed).
     */
    public static String text(String url, Map<String, String> headers, Map<String, String> query) {
        return text(url, headers, query, FetchRules.LOCAL);
    }

    /** As {@link #text(String, Map, Map)}, fetched by the rules. */
    public static String text(String url, Map<String, String> headers, Map<String, String> query, FetchRules rules) {
        if (!(url.startsWith("http://") || url.startsWith("https://"))) {
            throw new SourceUnavailableException("a source read with a credential is an http(s) URL");
        }
        return fetch(url, headers, query, rules);
    }

    /** An uploaded document's text, JSON or YAML. */
    public static JsonNode parse(String text) {
        try {
            JsonNode document = text.stripLeading().startsWith("{") ? JSON.readTree(text) : YAML.readTree(text);
            if (document == null || !document.isObject()) {
                throw new OpenApiFormatException("#", "not a JSON or YAML object");
            }
            return document;
        } catch (IOException e) {
            throw new OpenApiFormatException("#", "neither JSON nor YAML (" + firstLine(e.getMessage()) + ")");
        }
    }

    /** A name for the connection when none is given: the document's title, as a slug. */
    public static String connectionName(JsonNode document, String location) {
        String title = document.path("info").path("title").asText("");
        String slug = title.toLowerCase(java.util.Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("^-|-$", "");
        if (!slug.isEmpty()) {
            return slug;
        }
        String file = location.substring(location.lastIndexOf('/') + 1);
        return file.replaceAll("\\.[A-Za-z]+$", "").toLowerCase(java.util.Locale.ROOT).replaceAll("[^a-z0-9]+", "-");
    }

    private static String readFile(String location) {
        try {
            return Files.readString(Path.of(location));
        } catch (IOException e) {
            throw new SourceUnavailableException("cannot read " + location);
        }
    }

    private static String fetch(String url, Map<String, String> headers, Map<String, String> query, FetchRules rules) {
        boolean credentialed = !headers.isEmpty() || !query.isEmpty();
        // Redirects are followed here, one by one, so that each hop is checked like the first.
        HttpClient client = HttpClient.newBuilder().connectTimeout(TIMEOUT).followRedirects(HttpClient.Redirect.NEVER)
                .build();
        StringBuilder target = new StringBuilder(url);
        query.forEach((name, value) -> target.append(target.indexOf("?") < 0 ? '?' : '&')
                .append(URLEncoder.encode(name, StandardCharsets.UTF_8)).append('=')
                .append(URLEncoder.encode(value, StandardCharsets.UTF_8)));
        String current = target.toString();
        String shown = url;
        try {
            for (int redirects = 0; ; redirects++) {
                String hop = shown;
                rules.addressCheck().apply(current).ifPresent(refusal -> {
                    throw new SourceRefusedException("will not read " + hop + ": " + refusal);
                });
                HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(current)).timeout(TIMEOUT)
                        .header("Accept", "application/json, application/yaml");
                headers.forEach(request::setHeader);
                HttpResponse<InputStream> response = client.send(request.build(), HttpResponse.BodyHandlers.ofInputStream());
                int status = response.statusCode();
                if (status == 301 || status == 302 || status == 303 || status == 307 || status == 308) {
                    response.body().close();
                    Optional<String> location = response.headers().firstValue("Location");
                    if (credentialed || location.isEmpty()) {
                        throw new SourceUnavailableException(shown + " answered HTTP " + status
                                + (credentialed ? " (a redirect is not followed with a credential)" : " without a Location"));
                    }
                    if (redirects >= rules.maxRedirects()) {
                        throw new SourceRefusedException(url + " redirects more than " + rules.maxRedirects() + " times");
                    }
                    current = URI.create(current).resolve(location.get()).toString();
                    shown = current;
                    continue;
                }
                if (status != 200) {
                    response.body().close();
                    throw new SourceUnavailableException(shown + " answered HTTP " + status);
                }
                return bounded(response, rules.maxBytes(), shown);
            }
        } catch (IOException | IllegalArgumentException e) {
            throw new SourceUnavailableException(shown + " did not answer (" + e.getClass().getSimpleName() + ")");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SourceUnavailableException("interrupted while fetching " + shown);
        }
    }

    /** The body as UTF-8 text, refused unread when it says (or turns out) to be longer than the limit. */
    private static String bounded(HttpResponse<InputStream> response, long maxBytes, String url) throws IOException {
        try (InputStream body = response.body()) {
            long declared = response.headers().firstValueAsLong("Content-Length").orElse(-1);
            if (declared > maxBytes) {
                throw new SourceRefusedException(url + " is " + declared + " bytes, more than the " + maxBytes + " a source may have");
            }
            byte[] read = body.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, maxBytes + 1));
            if (read.length > maxBytes) {
                throw new SourceRefusedException(url + " is more than the " + maxBytes + " bytes a source may have");
            }
            return new String(read, StandardCharsets.UTF_8);
        }
    }

    private static String firstLine(String message) {
        return message == null ? "unreadable" : message.lines().findFirst().orElse("unreadable");
    }

    /** The registry will not read the source: its address, its size or its redirects are beyond the rules. */
    public static final class SourceRefusedException extends RuntimeException {
        public SourceRefusedException(String message) {
            super(message, null, false, false);
        }
    }

    /** The document could not be had at all: a missing file, or a server that does not answer. */
    public static final class SourceUnavailableException extends RuntimeException {
        public SourceUnavailableException(String message) {
            super(message, null, false, false);
        }
    }
}
