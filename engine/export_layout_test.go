package engine

import (
	"github.com/dolthub/go-mysql-server/sql"

	"github.com/myriaddb/myriad/catalog"
)

// DecodeRowForTest, DecodeSomeForTest and CurrentHeaderForTest expose the
// row layout of def to the external tests.
func DecodeRowForTest(def *catalog.Table, v []byte) (sql.Row, error) {
	return layoutOf(def).decodeRow(v)
}

func DecodeSomeForTest(def *catalog.Table, v []byte, need []bool) (sql.Row, error) {
	return layoutOf(def).decodeSome(v, need)
}

func CurrentHeaderForTest(def *catalog.Table) []byte { return layoutOf(def).header }
