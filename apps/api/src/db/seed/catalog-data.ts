/**
 * The demo catalog: health products in the three zones, banners, notices, the point setting and
 * the grade gifts. Money in fen, weight in grams. Images are served by the web app from apps/web/public/demo/.
 */

export interface DemoSpec {
  spec: string;
  priceFen: number;
  stock: number;
  weight: number;
  /** Welfare zone: points may offset this much per unit. */
  touchMoneyFen?: number;
}

export interface DemoProduct {
  key: string;
  /** 1 self-operated, 2 welfare, 3 activity goods (shown through an activity only). */
  type: 1 | 2 | 3;
  name: string;
  intro: string;
  image: string;
  baseSale: number;
  specs: DemoSpec[];
  /** HTML paragraphs of the detail page. */
  remark: string[];
  /** Grade indexes (DEMO_GRADES) that get no price, so the product is hidden from them. */
  hiddenFrom?: number[];
}

/** What each grade pays, as a share of retail (体验, 银卡, 金卡, 钻石), rounded to whole yuan. */
export const GRADE_DISCOUNTS = [0.85, 0.75, 0.68, 0.6] as const;
export const gradePriceFen = (retailFen: number, gradeIndex: number) =>
  Math.round((retailFen * GRADE_DISCOUNTS[gradeIndex]!) / 100) * 100;

const img = (name: string) => `/demo/${name}.svg`;
const section = (title: string, text: string) => `<h3>${title}</h3><p>${text}</p>`;

export const DEMO_PRODUCTS: DemoProduct[] = [
  // ---- self-operated (1) ----
  {
    key: 'probiotic',
    type: 1,
    name: '益生菌固体饮料',
    intro: '十联活性菌株，每袋200亿活菌，呵护肠道微生态',
    image: img('probiotic'),
    baseSale: 1268,
    specs: [
      { spec: '便携装 5袋', priceFen: 3_900, stock: 500, weight: 60 },
      { spec: '标准装 20袋/盒', priceFen: 12_800, stock: 300, weight: 220 },
      { spec: '家庭装 40袋/盒', priceFen: 23_800, stock: 120, weight: 420 },
    ],
    remark: [
      section('产品介绍', '精选十种益生菌株，添加低聚果糖与菊粉，双重益生元帮助益生菌定植。独立小袋包装，冲饮方便。'),
      section('食用方法', '每日1~2袋，用40℃以下温水或牛奶冲调后饮用，也可直接食用。'),
      section('注意事项', '本品不能代替药物。开袋后请尽快食用，置于阴凉干燥处保存。'),
    ],
  },
  {
    key: 'fish-oil',
    type: 1,
    name: '深海鱼油软胶囊',
    intro: '高纯度Omega-3，EPA+DHA含量≥60%',
    image: img('fish-oil'),
    baseSale: 856,
    specs: [
      { spec: '60粒/瓶', priceFen: 16_800, stock: 200, weight: 150 },
      { spec: '120粒/瓶', priceFen: 29_800, stock: 150, weight: 260 },
    ],
    remark: [
      section('产品介绍', '选用深海小型鱼类提取的鱼油，分子蒸馏工艺去除杂质，每粒1000mg。'),
      section('食用方法', '每日2次，每次1粒，随餐食用。'),
      section('注意事项', '对鱼类过敏者慎用；孕妇及哺乳期妇女请遵医嘱。'),
    ],
  },
  {
    key: 'protein',
    type: 1,
    name: '乳清蛋白粉',
    intro: '进口乳清蛋白，每份蛋白质含量24g',
    image: img('protein'),
    baseSale: 642,
    specs: [
      { spec: '400g/罐', priceFen: 19_800, stock: 180, weight: 520 },
      { spec: '900g/罐', priceFen: 38_800, stock: 90, weight: 1_080 },
    ],
    remark: [
      section('产品介绍', '浓缩乳清蛋白与分离乳清蛋白复配，易溶解、好吸收，适合健身人群与中老年人补充蛋白质。'),
      section('食用方法', '每日1~2次，每次30g，用200ml温水或牛奶冲调。'),
    ],
  },
  {
    // DEMO_LIMITED_SPEC: its only spec starts with exactly 10 in stock.
    key: 'vitamin-c',
    type: 1,
    name: '维生素C咀嚼片',
    intro: '甜橙口味，每片含维生素C 100mg',
    image: img('vitamin-c'),
    baseSale: 2_310,
    specs: [{ spec: '60片/瓶', priceFen: 5_900, stock: 10, weight: 90 }],
    remark: [
      section('产品介绍', '天然甜橙风味，咀嚼即食，满足每日维生素C所需。'),
      section('食用方法', '每日1片，咀嚼食用。'),
    ],
  },
  {
    key: 'collagen',
    type: 1,
    name: '胶原蛋白肽饮',
    intro: '小分子胶原蛋白肽，添加烟酰胺与玻尿酸',
    image: img('collagen'),
    baseSale: 388,
    specs: [{ spec: '50ml×10瓶/盒', priceFen: 26_800, stock: 100, weight: 650 }],
    remark: [
      section('产品介绍', '每瓶含胶原蛋白肽5000mg，分子量小于1000道尔顿，口感清爽。'),
      section('食用方法', '每日1瓶，摇匀后直接饮用，冷藏口感更佳。'),
    ],
    // 体验代理 has no price for it: the demo of grade visibility.
    hiddenFrom: [0],
  },
  {
    key: 'glucosamine',
    type: 1,
    name: '氨糖软骨素钙片',
    intro: '氨糖+软骨素+钙，关节与骨骼双重呵护',
    image: img('glucosamine'),
    baseSale: 421,
    specs: [
      { spec: '90片/瓶', priceFen: 15_800, stock: 160, weight: 180 },
      { spec: '180片/瓶', priceFen: 28_800, stock: 80, weight: 320 },
    ],
    remark: [
      section('产品介绍', '美国进口氨基葡萄糖，搭配硫酸软骨素与碳酸钙，适合中老年人日常补充。'),
      section('食用方法', '每日2次，每次2片，饭后温水送服。'),
    ],
  },

  // ---- welfare (2): points may offset part of the price ----
  {
    key: 'lingzhi',
    type: 2,
    name: '破壁灵芝孢子粉胶囊',
    intro: '长白山椴木灵芝，破壁率≥99%',
    image: img('lingzhi'),
    baseSale: 536,
    specs: [
      { spec: '0.3g×60粒', priceFen: 39_800, stock: 120, weight: 120, touchMoneyFen: 4_000 },
      { spec: '0.3g×120粒', priceFen: 72_800, stock: 60, weight: 210, touchMoneyFen: 8_000 },
    ],
    remark: [
      section('产品介绍', '精选椴木栽培灵芝孢子，低温物理破壁，有效成分更易吸收。'),
      section('积分抵扣', '福利专区商品可使用积分抵扣部分货款，抵扣金额以结算页为准。'),
    ],
  },
  {
    key: 'goji',
    type: 2,
    name: '宁夏枸杞原浆',
    intro: '中宁头茬鲜果鲜榨，0添加',
    image: img('goji'),
    baseSale: 712,
    specs: [
      { spec: '30ml×10袋', priceFen: 16_800, stock: 200, weight: 380, touchMoneyFen: 1_500 },
      { spec: '30ml×30袋', priceFen: 45_800, stock: 80, weight: 1_100, touchMoneyFen: 4_500 },
    ],
    remark: [
      section('产品介绍', '宁夏中宁核心产区头茬枸杞，鲜果冷榨，保留天然营养。'),
      section('食用方法', '每日1袋，早晨空腹饮用最佳。'),
    ],
  },
  {
    key: 'ejiao',
    type: 2,
    name: '阿胶固元糕',
    intro: '东阿阿胶配黑芝麻、核桃、红枣',
    image: img('ejiao'),
    baseSale: 903,
    specs: [{ spec: '500g/盒', priceFen: 22_800, stock: 150, weight: 560, touchMoneyFen: 2_000 }],
    remark: [section('产品介绍', '传统古法熬制，独立小包装，软糯香甜。'), section('食用方法', '每日早晚各1~2块。')],
  },
  {
    key: 'sesame',
    type: 2,
    name: '九蒸九晒黑芝麻丸',
    intro: '古法九蒸九晒，无添加蔗糖',
    image: img('sesame'),
    baseSale: 1_532,
    specs: [{ spec: '18丸/盒', priceFen: 8_900, stock: 300, weight: 170, touchMoneyFen: 800 }],
    remark: [section('产品介绍', '精选黑芝麻九蒸九晒，搭配黑枸杞与桑葚，入口即化。')],
  },

  // ---- activity goods (3): exchanged through DEMO_ACTIVITIES ----
  {
    key: 'tea',
    type: 3,
    name: '养生花草茶礼盒',
    intro: '玫瑰、菊花、红枣枸杞三味组合',
    image: img('tea'),
    baseSale: 0,
    specs: [{ spec: '3味×6包/盒', priceFen: 12_800, stock: 200, weight: 320 }],
    remark: [section('活动说明', '积分兑换专享，活动开始后即可兑换，数量有限，兑完即止。')],
  },
  {
    key: 'blood-pressure',
    type: 3,
    name: '智能电子血压计',
    intro: '上臂式全自动测量，语音播报',
    image: img('blood-pressure'),
    baseSale: 0,
    specs: [{ spec: '上臂式 标准款', priceFen: 29_900, stock: 100, weight: 650 }],
    remark: [section('活动说明', '积分+现金兑换，每人限兑2台。'), section('包装清单', '主机、袖带、4节AA电池、说明书。')],
  },
  {
    key: 'cup',
    type: 3,
    name: '316不锈钢保温杯',
    intro: '500ml大容量，12小时长效保温',
    image: img('cup'),
    baseSale: 0,
    specs: [
      { spec: '500ml 星空蓝', priceFen: 8_900, stock: 200, weight: 380 },
      { spec: '500ml 玫瑰金', priceFen: 8_900, stock: 200, weight: 380 },
    ],
    remark: [section('活动说明', '纯积分兑换，兑换后3个工作日内发货。')],
  },
  {
    key: 'foot-bath',
    type: 3,
    name: '艾草足浴包',
    intro: '蕲春艾草配生姜、红花，泡脚暖身',
    image: img('foot-bath'),
    baseSale: 0,
    specs: [{ spec: '30包/盒', priceFen: 5_900, stock: 400, weight: 900 }],
    remark: [section('活动说明', '限时特价换购，活动期间每人不限量。')],
  },
  {
    key: 'neck-pillow',
    type: 3,
    name: 'U型按摩颈枕',
    intro: '3D揉捏按摩，车载家用两用',
    image: img('neck-pillow'),
    baseSale: 0,
    specs: [{ spec: '标准款 灰色', priceFen: 15_900, stock: 50, weight: 800 }],
    remark: [section('活动说明', '本次活动已结束，感谢参与。')],
  },
];

/** The self-operated spec with exactly 10 in stock, for the stock concurrency tests. */
export const DEMO_LIMITED_SPEC = { prodName: '维生素C咀嚼片', specDispStr: '60片/瓶', stock: 10 } as const;

export interface DemoActivity {
  product: string;
  exchangeType: 1 | 2 | 3;
  /** Days from the seed time. */
  startDays: number;
  endDays: number;
  allUseNum: number;
  items: { specIndex: number; integral: number; priceFen: number; lastNum: number }[];
}

/** Not started (starts in 3 days), running (started yesterday, ends in 7 days), ended (ended yesterday). */
export const DEMO_ACTIVITIES: DemoActivity[] = [
  { product: 'blood-pressure', exchangeType: 2, startDays: -1, endDays: 7, allUseNum: 12, items: [{ specIndex: 0, integral: 800, priceFen: 9_900, lastNum: 30 }] },
  {
    product: 'cup',
    exchangeType: 1,
    startDays: -1,
    endDays: 7,
    allUseNum: 45,
    items: [
      { specIndex: 0, integral: 300, priceFen: 0, lastNum: 40 },
      { specIndex: 1, integral: 300, priceFen: 0, lastNum: 40 },
    ],
  },
  { product: 'foot-bath', exchangeType: 3, startDays: -1, endDays: 7, allUseNum: 60, items: [{ specIndex: 0, integral: 0, priceFen: 2_990, lastNum: 200 }] },
  { product: 'tea', exchangeType: 1, startDays: 3, endDays: 10, allUseNum: 0, items: [{ specIndex: 0, integral: 600, priceFen: 0, lastNum: 50 }] },
  { product: 'neck-pillow', exchangeType: 3, startDays: -8, endDays: -1, allUseNum: 95, items: [{ specIndex: 0, integral: 0, priceFen: 6_900, lastNum: 5 }] },
];

/** Free gifts of a self-operated settlement, by grade index. */
export const DEMO_GIFTS = [
  { gradeIndex: 3, product: 'probiotic', specIndex: 0, buyNum: 2 },
  { gradeIndex: 2, product: 'probiotic', specIndex: 0, buyNum: 1 },
];

export const DEMO_BANNERS = [
  { image: '/demo/banner-1.svg', link: '' },
  { image: '/demo/banner-2.svg', link: '/home?activeMy=2' },
  { image: '/demo/banner-3.svg', link: '/home?activeMy=3' },
];

export const DEMO_NOTICES = [
  {
    name: '2026冬季新品上市通知',
    daysAgo: 1,
    timed: false,
    html: [
      '<p>各位代理商伙伴：</p>',
      '<p>冬季新品<strong>乳清蛋白粉900g装</strong>与<strong>氨糖软骨素钙片180片装</strong>现已上架自营专区，欢迎选购。</p>',
      '<p>新品上市期间，钻石代理与金卡代理结算自营商品可获赠益生菌便携装。</p>',
    ].join(''),
  },
  {
    name: '系统升级维护公告',
    daysAgo: 3,
    timed: false,
    html: [
      '<p>为提供更稳定的服务，平台将于本周六 00:00—02:00 进行系统升级。</p>',
      '<p>升级期间下单、支付功能暂停使用，请提前安排采购。给您带来的不便，敬请谅解。</p>',
    ].join(''),
  },
  {
    name: '积分兑换活动规则说明',
    daysAgo: 5,
    timed: true,
    html: [
      '<h3>兑换方式</h3>',
      '<p>活动专区商品支持纯积分、积分+现金、现金三种兑换方式，以商品页标注为准。</p>',
      '<h3>活动时间</h3>',
      '<p>每件活动商品均有开始与结束时间，未开始与已结束的活动不能兑换。</p>',
    ].join(''),
  },
  {
    name: '代理商合规经营提醒',
    daysAgo: 10,
    timed: false,
    html: [
      '<p>请各位代理商遵守国家广告法相关规定，不得夸大宣传产品功效，不得宣称保健食品具有疾病预防、治疗功能。</p>',
      '<p>违规经营一经核实，平台将按代理商协议处理。</p>',
    ].join(''),
  },
];

/** spec 1 §3 point setting: 1 point per yuan, sign-in on, 10 points per 100.00 of welfare goods. */
export const DEMO_POINT_SETTING = { pointChange: 1, state: 1, signState: 1, chargeMoneyFen: 10_000, chargeGetPoint: 10 };
