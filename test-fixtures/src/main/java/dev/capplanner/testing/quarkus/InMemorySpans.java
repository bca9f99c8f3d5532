package dev.capplanner.testing.quarkus;

import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;

/**
 * In a {@code @QuarkusTest}, spans go to memory instead of an OTLP collector, so tests can assert
 * on them (and nothing tries to reach a collector that is not there).
 */
public class InMemorySpans {

    @Produces
    @ApplicationScoped
    InMemorySpanExporter inMemorySpanExporter() {
        return InMemorySpanExporter.create();
    }
}
