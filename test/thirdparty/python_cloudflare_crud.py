#!/usr/bin/env python3
"""Full CRUD on every DNS record type through python3-cloudflare (Cloudflare's own Python
library, 2.x, Debian package python3-cloudflare), against any Cloudflare API v4 endpoint.

Usage: python3 python_cloudflare_crud.py ZONE_NAME
Environment: CLOUDFLARE_API_URL (e.g. http://127.0.0.1:8787/client/v4) and CLOUDFLARE_API_TOKEN,
the library's own variable names; both are passed to the constructor explicitly so that a
~/.cloudflare.cfg cannot override them.

The zone is looked up by name twice: with per_page=1 as the library's examples do (the
outcome is reported), then with the name alone (the run goes on with that).
For each case: POST, GET, PATCH, GET, PUT, GET, each answer compared with what was written.
Then the whole zone is listed twice (5 per page) and the two reads must be equal, every record
listed as its single GET answered it. Then everything is deleted and the zone must be empty.
Prints ONE JSON line (a summary) on stdout; the token never appears in it. Exit 0 when the run
reached its end (the summary says what passed), 2 on a usage error.
"""
import json
import os
import sys
import traceback

import CloudFlare
from CloudFlare.exceptions import CloudFlareAPIError

sys.dont_write_bytecode = True  # no __pycache__ left in the repository by the import below
from python_cloudflare_cases import cases  # noqa: E402


def fqdn(label, zone):
    return zone if label == '@' else '%s.%s' % (label, zone)


class Recorder:
    """Calls the library, keeping the last request so that a failure can be reported."""

    def __init__(self, cf, zone_id):
        self.cf = cf
        self.zone_id = zone_id

    def call(self, method, record_id=None, body=None, params=None):
        path = '/zones/%s/dns_records%s' % (self.zone_id, '/' + record_id if record_id else '')
        self.last = {'method': method.upper(), 'path': path, 'body': body, 'params': params}
        endpoint = self.cf.zones.dns_records
        fn = getattr(endpoint, method)
        args = [self.zone_id] + ([record_id] if record_id else [])
        kwargs = {}
        if body is not None:
            kwargs['data'] = body
        if params is not None:
            kwargs['params'] = params
        return fn(*args, **kwargs)


def error_of(exc, request):
    if isinstance(exc, CloudFlareAPIError):
        chain = [{'code': int(e), 'message': str(e)} for e in exc.error_chain] if exc.error_chain else []
        return {'request': request, 'code': int(exc), 'message': str(exc), 'error_chain': chain}
    return {'request': request, 'exception': type(exc).__name__, 'message': str(exc)}


def compare(expected, got):
    """Every expected field must be in the answer with that value. Returns the mismatches."""
    out = []
    for key, want in expected.items():
        have = got.get(key, '<absent>')
        if have != want:
            out.append({'field': key, 'expected': want, 'got': have})
    return out


def expected_after(sent, extra):
    """The fields of a write the answer must show: what was sent (content of data types is
    the service's rendering, so only `expect` names it), then the case's `expect` overlay."""
    exp = dict(sent)
    exp.update(extra or {})
    return exp


def run_case(rec, case, zone):
    name = fqdn(case['label'], zone)
    result = {'type': case['type'], 'name': name, 'ok': False, 'steps': []}
    create = dict(case['create'], type=case['type'], name=name)
    steps = [
        ('create', 'post', create, case.get('expect_create')),
        ('patch', 'patch', dict(case['patch']), case.get('expect_patch')),
        ('put', 'put', dict(case['put'], type=case['type'], name=name), case.get('expect_put')),
    ]
    expected = {}
    step = 'create'
    try:
        for step, method, body, overlay in steps:
            answer = rec.call(method, result.get('id'), body)
            if step == 'create':
                result['id'] = answer['id']
                expected = expected_after(body, overlay)
            elif step == 'patch':
                # PATCH keeps what it does not name.
                expected = dict(expected, **expected_after(body, overlay))
            else:
                # PUT names everything this script manages (comment included).
                expected = expected_after(body, overlay)
            read = rec.call('get', result['id'])
            entry = {
                'step': step,
                'answer_mismatches': compare(expected, answer),
                'read_mismatches': compare(expected, read),
                'read_equals_answer': read == answer,
                'content': read.get('content'),
                'data': read.get('data'),
            }
            result['steps'].append(entry)
            result['last_read'] = read
        result['ok'] = all(
            not s['answer_mismatches'] and not s['read_mismatches'] and s['read_equals_answer'] for s in result['steps']
        )
    except Exception as exc:  # the library raises CloudFlareAPIError, requests raises on 5xx
        result['error'] = dict(error_of(exc, rec.last), step=step)
    return result


def list_all(rec):
    """Every record of the zone, 5 per page, following result_info until the last page."""
    out, page = [], 1
    while page <= 1000:
        answer = rec.call('get', params={'per_page': 5, 'page': page})
        rows = answer['result']
        out.extend(rows)
        info = answer.get('result_info') or {}
        if not rows or page >= int(info.get('total_pages', page)):
            break
        page += 1
    return sorted(out, key=lambda r: r['id'])


def main():
    if len(sys.argv) != 2:
        print('usage: python_cloudflare_crud.py ZONE_NAME (env CLOUDFLARE_API_URL, CLOUDFLARE_API_TOKEN)', file=sys.stderr)
        return 2
    zone_name = sys.argv[1]
    base_url = os.environ.get('CLOUDFLARE_API_URL')
    token = os.environ.get('CLOUDFLARE_API_TOKEN')
    if not base_url or not token:
        print('CLOUDFLARE_API_URL and CLOUDFLARE_API_TOKEN must be set', file=sys.stderr)
        return 2
    # raw=True: answers keep result_info (needed for paging); results are under 'result'.
    cf = CloudFlare.CloudFlare(token=token, base_url=base_url, raw=True)
    summary = {'client': 'python3-cloudflare', 'version': CloudFlare.__version__, 'zone': zone_name}
    # The library's own examples (examples/example_zones.py, example_proxied.py, ... shipped in
    # /usr/share/doc/python3-cloudflare/examples) look a zone up by name with per_page=1.
    try:
        by_example = cf.zones.get(params={'name': zone_name, 'per_page': 1})['result']
        summary['zone_lookup_per_page_1'] = {'found': [z['name'] for z in by_example]}
    except Exception as exc:
        summary['zone_lookup_per_page_1'] = {'error': error_of(exc, {'method': 'GET', 'path': '/zones', 'params': {'name': zone_name, 'per_page': 1}})}
    zones = cf.zones.get(params={'name': zone_name})['result']
    found = [z for z in zones if z['name'] == zone_name]
    summary['zones_found'] = len(found)
    if len(found) != 1:
        print(json.dumps(summary))
        return 0
    zone_id = found[0]['id']
    summary['zone_id'] = zone_id

    raw_rec = Recorder(cf, zone_id)  # lists (result_info)
    rec = Recorder(CloudFlare.CloudFlare(token=token, base_url=base_url), zone_id)  # single records

    summary['initial_records'] = len(list_all(raw_rec))
    results = [run_case(rec, case, zone_name) for case in cases()]
    summary['cases'] = {c['name']: r for c, r in zip(cases(), results)}
    summary['created_ids'] = [r['id'] for r in results if 'id' in r]

    first = list_all(raw_rec)
    second = list_all(raw_rec)
    summary['listed'] = len(first)
    summary['second_read_equal'] = first == second
    listed_by_id = {r['id']: r for r in first}
    summary['listed_ids_missing'] = [i for i in summary['created_ids'] if i not in listed_by_id]
    summary['listed_differs_from_get'] = [
        r['id'] for r in results if 'last_read' in r and r['id'] in listed_by_id and listed_by_id[r['id']] != r['last_read']
    ]
    for r in results:
        r.pop('last_read', None)

    deleted, delete_errors = [], []
    # Reverse creation order: a DS goes before the NS of its delegation.
    for record in sorted(first, key=lambda r: summary['created_ids'].index(r['id']) if r['id'] in summary['created_ids'] else -1, reverse=True):
        try:
            answer = rec.call('delete', record['id'])
            if answer.get('id') == record['id']:
                deleted.append(record['id'])
            else:
                delete_errors.append({'request': rec.last, 'answer': answer})
        except Exception as exc:
            delete_errors.append(error_of(exc, rec.last))
    summary['deleted'] = len(deleted)
    summary['delete_errors'] = delete_errors
    summary['remaining_after_delete'] = len(list_all(raw_rec))
    print(json.dumps(summary))
    return 0


if __name__ == '__main__':
    try:
        sys.exit(main())
    except Exception:
        traceback.print_exc()
        sys.exit(1)
