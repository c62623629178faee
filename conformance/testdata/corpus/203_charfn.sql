-- CHAR(N, ...): each N gives its bytes big-endian without leading zero
-- bytes but at least one (CHAR(0) is X'00'); NULLs are skipped; USING
-- checks the result is well-formed (NULL and warning 1300 when not).
SELECT HEX(CHAR(0)), HEX(CHAR(0 USING utf8mb4)), HEX(CHAR(0, 65, 0)), LENGTH(CHAR(0));
SELECT HEX(CHAR(256)), HEX(CHAR(0x4100)), HEX(CHAR(0x10000)), HEX(CHAR(-1)), HEX(CHAR(65.6));
SELECT HEX(CHAR(65, NULL, 66)), HEX(CHAR(NULL)), CHAR(77, 121, 83, 81, '76');
SELECT CHAR(0xC3A9 USING utf8mb4), CHAR(0xFF USING utf8mb4), COERCIBILITY(CHAR(65)), COERCIBILITY(CHAR(65 USING utf8mb4));
SELECT CHAR(0) = X'00', CHAR(0x4100) = 'A\0';
-- An introducer literal's COLLATE is EXPLICIT, on either side of =, IN and
-- in a CASE or WHERE.
SELECT _utf8mb4 'ß' = _utf8mb4 'ss' COLLATE utf8mb4_general_ci, _utf8mb4 'ß' COLLATE utf8mb4_general_ci = _utf8mb4 'ss';
SELECT _utf8mb4 'ß' = _utf8mb4 'ss' COLLATE utf8mb4_unicode_ci, _utf8mb4 'a' = _utf8mb4 'A' COLLATE utf8mb4_bin, _utf8mb4 'a' COLLATE utf8mb4_bin = _utf8mb4 'A';
SELECT _utf8mb4 'ß' IN (_utf8mb4 'ss' COLLATE utf8mb4_general_ci), _utf8mb4 'a' IN (_utf8mb4 'A' COLLATE utf8mb4_bin, 'b');
SELECT CASE WHEN _utf8mb4 'ß' = _utf8mb4 'ss' COLLATE utf8mb4_general_ci THEN 1 ELSE 0 END;
SELECT COUNT(*) FROM (SELECT 1 x) d WHERE _utf8mb4 'ß' = _utf8mb4 'ss' COLLATE utf8mb4_general_ci;
