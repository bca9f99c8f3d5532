package dev.capplanner.importing.openapi;

import java.util.Optional;
import java.util.function.Function;

/**
 * How a source document is fetched: at most {@code maxBytes} read (a longer one, or one whose
 * Content-Length says so, is refused unread), at most {@code maxRedirects} redirects followed, and
 * each URL on the way (the first included) asked of {@code addressCheck} (a reason to refuse it, or
 * empty). A redirect is never followed with a credential.
 */
public record FetchRules(long maxBytes, int maxRedirects, Function<String, Optional<String>> addressCheck) {

    public static final long DEFAULT_MAX_BYTES = 32L * 1024 * 1024;
    public static final int DEFAULT_MAX_REDIRECTS = 5;

    /** For the operator's own command line: bounded in size and redirects, any address. */
    public static final FetchRules LOCAL = new FetchRules(DEFAULT_MAX_BYTES, DEFAULT_MAX_REDIRECTS, url -> Optional.empty());

    public FetchRules {
        if (maxBytes < 1024 || maxRedirects < 0) {
            throw new IllegalArgumentException("fetch rules: at least 1024 bytes and 0 redirects, not " + maxBytes
                    + " and " + maxRedirects);
        }
    }
}
