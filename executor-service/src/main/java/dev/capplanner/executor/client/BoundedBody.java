package dev.capplanner.executor.client;

import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;

/**
 * A response body read as a stream up to a limit: a larger answer (by its Content-Length, or once
 * that many bytes have come) is not read further, and the connection is given up, so a source that
 * answers gigabytes cannot exhaust the executor's memory. Empty when the answer was too large.
 */
final class BoundedBody implements HttpResponse.BodySubscriber<Optional<String>> {

    private final long limit;
    private final CompletableFuture<Optional<String>> body = new CompletableFuture<>();
    private final java.io.ByteArrayOutputStream read = new java.io.ByteArrayOutputStream();
    private Flow.Subscription subscription;

    private BoundedBody(long limit) {
        this.limit = limit;
    }

    /** A handler refusing, from its headers, an answer that says it is larger than {@code limit} bytes. */
    static HttpResponse.BodyHandler<Optional<String>> upTo(long limit) {
        return info -> info.headers().firstValueAsLong("Content-Length").orElse(0) > limit
                ? new BoundedBody(-1) // gives up at the first bytes
                : new BoundedBody(limit);
    }

    @Override
    public CompletionStage<Optional<String>> getBody() {
        return body;
    }

    @Override
    public void onSubscribe(Flow.Subscription subscription) {
        this.subscription = subscription;
        subscription.request(Long.MAX_VALUE);
    }

    @Override
    public void onNext(List<ByteBuffer> buffers) {
        if (body.isDone()) {
            return;
        }
        for (ByteBuffer buffer : buffers) {
            if (read.size() + (long) buffer.remaining() > limit) {
                subscription.cancel();
                body.complete(Optional.empty());
                return;
            }
            byte[] bytes = new byte[buffer.remaining()];
            buffer.get(bytes);
            read.writeBytes(bytes);
        }
    }

    @Override
    public void onError(Throwable error) {
        body.completeExceptionally(error);
    }

    @Override
    public void onComplete() {
        body.complete(limit < 0 ? Optional.empty() : Optional.of(read.toString(StandardCharsets.UTF_8)));
    }
}
