package dev.capplanner.executor.client;

import java.time.Duration;

/** Where a target's calls go and how long one may take (the target's own timeout, or the default). */
public record CallTarget(String url, Duration timeout) {
}
