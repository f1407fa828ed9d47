//===----------------------------------------------------------------------===//
//
// This source file is part of the PageKit open source project
//
// Copyright (c) the PageKit project authors
// Licensed under Apache License v2.0
//
// See LICENSE.txt for license information
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

// The loads a plan needs, and which request is loading (`RequestEnvironment`).
extension Navigator {
    /// - Complexity: O(*m*) in the pages the plan makes; nothing when no registration has
    ///   a loader.
    func loads(for plan: NavigationPlan, request: NavigationRequest) throws -> [PageLoad] {
        guard registry.hasLoaders else { return [] }
        var loads: [PageLoad] = []
        let targetIndex: Int? = if case .new(let index) = plan.target.kind { index } else { nil }
        for (index, component) in plan.newComponents.enumerated() {
            guard let loader = registry.loader(for: component.name) else { continue }
            let intent = PageIntent(component: component, path: plan.destination,
                                    payload: index == targetIndex ? request.payload : nil, source: request.source)
            loads.append(PageLoad(component, .make, intent: intent, loader: loader))
        }
        guard targetIndex == nil, !plan.isDelivery, !plan.isAction, let component = plan.destination.lastComponent,
              let loader = registry.loader(for: component.name),
              request.options.refreshesTarget || loader.refreshesWhenRevealed, let page = plan.target.page
        else { return loads }
        guard loader.canRefresh(page) else {
            throw NavigationError(.loadFailed, path: plan.path.description, component: component.name,
                                  reason: "`\(page.pageDescription)` was asked to refresh, and is not a LoadedPage "
                                      + "whose Loaded is its loader's \(loader.valueType)")
        }
        let intent = PageIntent(component: component, path: plan.destination, payload: request.payload,
                                source: request.source)
        loads.append(PageLoad(component, .refresh, intent: intent, loader: loader))
        return loads
    }

    func loading(_ driver: RequestDriver, started: Bool) -> NavigationRequest? {
        guard started else {
            if loadingDriver === driver {
                loadingDriver = nil
                pendingLoad = nil
            }
            return nil
        }
        loadingDriver = driver
        pendingLoad = PendingLoad(requested: driver.request.target, components: driver.pendingComponents)
        guard let newest = newestDriver, newest !== driver, newest.isWaiting else { return nil }
        return newest.request
    }
}
