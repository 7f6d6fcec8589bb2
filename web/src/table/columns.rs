//! The table's columns: which a connector kind shows, the header with its sort buttons, and the
//! spacer rows that stand in for the rows outside the rendered window.

use crate::store::StoreHandle;
use offsets_core::ConnectorKind;
use offsets_core::editor::TableAction;
use offsets_core::editor::{EditorAction, Sort, SortColumn};
use yew::prelude::*;

/// Which columns a connector kind shows.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Columns {
    pub(super) cluster: bool,
    /// A Topic column (the groups show the topic too; the column keeps it on every row).
    pub(super) topic: bool,
    pub(super) resumes_at: bool,
    /// A "Log range" column (when references give log bounds).
    pub(super) log_range: bool,
    /// Partition and offset maps as key/value cells (generic connectors).
    pub(super) fields: bool,
    pub(super) offset_title: &'static str,
    pub(super) partition_title: &'static str,
}

impl Columns {
    pub(super) fn of(kind: ConnectorKind) -> Columns {
        match kind {
            ConnectorKind::MirrorSource => Columns {
                cluster: true,
                topic: true,
                resumes_at: true,
                log_range: false,
                fields: false,
                offset_title: "Offset (last mirrored)",
                partition_title: "Partition",
            },
            ConnectorKind::MirrorCheckpoint => Columns {
                cluster: true,
                topic: true,
                resumes_at: false,
                log_range: false,
                fields: false,
                offset_title: "Offset",
                partition_title: "Partition",
            },
            ConnectorKind::Sink => Columns {
                cluster: false,
                topic: true,
                resumes_at: false,
                log_range: false,
                fields: false,
                offset_title: "Offset (next to consume)",
                partition_title: "Partition",
            },
            ConnectorKind::MirrorHeartbeat => Columns {
                cluster: false,
                topic: false,
                resumes_at: false,
                log_range: false,
                fields: false,
                offset_title: "Offset",
                partition_title: "Source partition",
            },
            ConnectorKind::Generic => Columns {
                cluster: false,
                topic: false,
                resumes_at: false,
                log_range: false,
                fields: true,
                offset_title: "Offset map",
                partition_title: "Partition map",
            },
        }
    }

    pub(super) fn count(self) -> usize {
        6 + usize::from(self.cluster)
            + usize::from(self.topic)
            + usize::from(self.resumes_at)
            + usize::from(self.log_range)
    }
}

/// An empty row whose height stands in for the rows that are not rendered: `height` whole
/// pixels (rows × [`super::ROW_HEIGHT`]; an integer, so no float formatting code is linked).
///
/// The height is the cell's `height` attribute (a presentational hint, which the strict
/// Content-Security-Policy allows where it forbids style attributes), written by the table's own
/// render, in the same DOM patch as the rows it stands in for. It used to be set from an effect
/// of a spacer component, after the render: Yew yields to the browser after 16 ms of work, and
/// on a busy machine the browser then laid out the new rows with the old spacer heights, clamped
/// (or anchored) `scrollTop` to that wrong table and sent a scroll event for it, so a jump to the
/// end of 100k rows could land back in the middle.
pub(super) fn spacer(height: u64, cols: usize) -> Html {
    html! {
        <tr class="spacer" aria-hidden="true">
            <td colspan={cols.to_string()} height={height.to_string()}></td>
        </tr>
    }
}

/// The header row: the column titles, the sortable ones as buttons with `aria-sort`.
pub(super) fn header(columns: Columns, sort: Sort, store: &StoreHandle) -> Html {
    let sort_button = |column: SortColumn, title: &'static str, class: &'static str| {
        let active = sort.column == column;
        let aria_sort = match (active, sort.descending) {
            (false, _) => "none",
            (true, false) => "ascending",
            (true, true) => "descending",
        };
        html! {
            <th scope="col" class={class} aria-sort={aria_sort}>
                <button type="button" class="sort"
                    onclick={crate::store::on_click(store, EditorAction::Table(TableAction::SortBy(column)))}>
                    { title }
                    <span aria-hidden="true">{ match aria_sort { "ascending" => " ▲", "descending" => " ▼", _ => "" } }</span>
                </button>
            </th>
        }
    };
    html! {
        <thead>
            <tr>
                <th scope="col" class="select"><span class="visually-hidden">{ "Select" }</span></th>
                if columns.cluster { { sort_button(SortColumn::Cluster, "Cluster", "cluster") } }
                if columns.topic { <th scope="col" class="topic">{ "Topic" }</th> }
                { sort_button(SortColumn::Partition, columns.partition_title, "partition") }
                { sort_button(SortColumn::Offset, columns.offset_title, "offset") }
                <th scope="col" class="null">{ "Null" }</th>
                if columns.resumes_at { <th scope="col" class="resumes">{ "Resumes at" }</th> }
                if columns.log_range { <th scope="col" class="log-range">{ "Log range" }</th> }
                { sort_button(SortColumn::Change, "Change", "change") }
                <th scope="col" class="restore"><span class="visually-hidden">{ "Restore" }</span></th>
            </tr>
        </thead>
    }
}
