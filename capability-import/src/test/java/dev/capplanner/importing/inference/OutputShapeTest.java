package dev.capplanner.importing.inference;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

/** The output paths a plan may chain from: identifiers, then natural keys, one nested level deep. */
class OutputShapeTest {

    static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void aRecordDeclaresItsNestedRecordsNaturalKeysAfterItsIdentifiersNullableOnesToo() throws Exception {
        ObjectNode pull = (ObjectNode) JSON.readTree("""
                {"type": "object", "properties": {
                  "id": {"type": "integer"}, "title": {"type": "string"},
                  "user": {"type": "object", "properties": {"login": {"type": "string"}, "id": {"type": "integer"}}},
                  "assignee": {"anyOf": [{"type": "null"},
                    {"type": "object", "properties": {"login": {"type": "string"}}}]},
                  "head": {"type": "object", "properties": {"sha": {"type": "string"}, "ref": {"type": "string"}}},
                  "labels": {"type": "array", "items": {"type": "object", "properties": {"name": {"type": "string"}}}}}}
                """);
        assertThat(OutputShape.of(pull).identifierPaths())
                .containsExactly("id", "user.login", "assignee.login", "head.sha");
    }

    @Test
    void theRowsOfACollectionDeclareTheirsUnderTheCollectionAndNamesOutsideThePathSyntaxAreLeftOut()
            throws Exception {
        ObjectNode commits = (ObjectNode) JSON.readTree("""
                {"type": "array", "items": {"type": "object", "properties": {
                  "sha": {"type": "string"},
                  "author": {"type": "object", "properties": {"login": {"type": "string"}}},
                  "odd name": {"type": "object", "properties": {"login": {"type": "string"}}},
                  "log.in": {"type": "string"},
                  "committer": {"type": "object", "properties": {"log.in": {"type": "string"}}}}}}
                """);
        assertThat(OutputShape.of(commits).identifierPaths()).containsExactly("[].sha", "[].author.login");
    }

    @Test
    void aRecordNestingManyAccountsDeclaresABoundedNumber() throws Exception {
        StringBuilder properties = new StringBuilder("\"id\": {\"type\": \"integer\"}");
        for (int i = 0; i < 40; i++) {
            properties.append(", \"account").append(i)
                    .append("\": {\"type\": \"object\", \"properties\": {\"login\": {\"type\": \"string\"}}}");
        }
        ObjectNode wide = (ObjectNode) JSON.readTree("{\"type\": \"object\", \"properties\": {" + properties + "}}");
        assertThat(OutputShape.of(wide).identifierPaths()).hasSize(1 + OutputShape.MOST_KEY_FIELDS)
                .startsWith("id", "account0.login");
        StringBuilder ids = new StringBuilder("\"id\": {\"type\": \"integer\"}");
        for (int i = 0; i < 150; i++) {
            ids.append(", \"ref").append(i).append("_id\": {\"type\": \"string\"}");
        }
        ObjectNode manyIds = (ObjectNode) JSON.readTree("{\"type\": \"object\", \"properties\": {" + ids + "}}");
        assertThat(OutputShape.of(manyIds).identifierPaths()).as("the contracts take 100 paths at most").hasSize(100);
    }
}
