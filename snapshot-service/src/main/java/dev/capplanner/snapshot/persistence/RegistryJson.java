package dev.capplanner.snapshot.persistence;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.UncheckedIOException;

/** The JSON columns of the registry's rows (capability definitions, registrations, plan definitions). */
final class RegistryJson {

    private static final ObjectMapper JSON = new ObjectMapper();

    private RegistryJson() {
    }

    static String write(Object value) {
        try {
            return JSON.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    static <T> T read(String text, Class<T> type) {
        try {
            return JSON.readValue(text, type);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException("unreadable registry row (" + type.getSimpleName() + ")", e);
        }
    }

    static <T> T read(String text, com.fasterxml.jackson.core.type.TypeReference<T> type) {
        try {
            return JSON.readValue(text, type);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException("unreadable registry row (" + type.getType() + ")", e);
        }
    }
}
