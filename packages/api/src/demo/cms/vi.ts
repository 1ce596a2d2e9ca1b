import type { CmsTexts } from './types.js';

/** Vietnamese. */
export const vi: CmsTexts = {
  about_us: `<h2>Giới thiệu về {site}</h2>
<p>{site} là trang trò chơi trực tuyến với slot, sòng bài trực tiếp, cá cược thể thao, bắn cá, xổ số và nhiều trò chơi khác, tất cả trong một tài khoản và bằng {currency}.</p>
<p>Chúng tôi hợp tác với các nhà cung cấp trò chơi được cấp phép, có kết quả do bộ tạo số ngẫu nhiên đã được chứng nhận đưa ra, và chúng tôi giữ tiền của người chơi tách biệt với vốn hoạt động.</p>
<h3>Cam kết của chúng tôi</h3>
<ul><li>Công bằng: mọi trò chơi và mọi cược đều được thanh toán theo quy tắc minh bạch.</li><li>An toàn: dữ liệu và giao dịch của bạn được bảo vệ bằng mã hóa.</li><li>Hỗ trợ: đội ngũ của chúng tôi luôn sẵn sàng 24 giờ mỗi ngày qua trò chuyện trực tuyến.</li></ul>
<p>Cảm ơn bạn đã chơi cùng chúng tôi. Hãy chơi có trách nhiệm.</p>`,

  privacy_policy: `<h2>Chính sách bảo mật</h2>
<p>Chính sách này giải thích cách {site} thu thập, sử dụng và bảo vệ thông tin cá nhân của bạn.</p>
<h3>Thông tin chúng tôi thu thập</h3>
<ul><li>Thông tin tài khoản: tên đăng nhập, họ tên, số điện thoại và địa chỉ email.</li><li>Thông tin giao dịch: nạp tiền, rút tiền và hoạt động chơi.</li><li>Thông tin kỹ thuật: địa chỉ IP, loại thiết bị và trình duyệt.</li></ul>
<h3>Cách chúng tôi sử dụng</h3>
<p>Chúng tôi dùng thông tin của bạn để quản lý tài khoản, xử lý thanh toán, ngăn chặn gian lận, tuân thủ pháp luật và, nếu bạn đồng ý, gửi ưu đãi cho bạn.</p>
<h3>Quyền của bạn</h3>
<p>Bạn có thể yêu cầu xem, sửa hoặc xóa thông tin của mình bằng cách liên hệ bộ phận chăm sóc khách hàng. Chúng tôi không bao giờ bán thông tin cá nhân của bạn.</p>`,

  banking: `<h2>Nạp và rút tiền</h2>
<p>Mọi giao dịch nạp và rút tiền tại {site} đều bằng {currency}.</p>
<h3>Nạp tiền</h3>
<ol><li>Đăng nhập và mở trang Nạp tiền.</li><li>Chọn phương thức thanh toán và nhập số tiền.</li><li>Làm theo hướng dẫn và giữ lại mã tham chiếu thanh toán.</li></ol>
<p>Hầu hết các khoản nạp được cộng vào tài khoản trong vài phút.</p>
<h3>Rút tiền</h3>
<p>Gửi yêu cầu rút tiền tại trang Rút tiền về tài khoản ngân hàng đứng tên bạn. Số tiền sẽ được tạm giữ trong khi yêu cầu được xét duyệt, thường trong vòng 30 phút.</p>
<p>Số tiền tối thiểu và tối đa được hiển thị trên từng trang. Hãy liên hệ trò chuyện trực tuyến nếu giao dịch bị chậm.</p>`,

  faqs: `<h2>Câu hỏi thường gặp</h2>
<h3>Làm thế nào để tạo tài khoản?</h3>
<p>Nhấn Đăng ký, điền thông tin và xác nhận số điện thoại bằng mã dùng một lần mà chúng tôi gửi cho bạn.</p>
<h3>Tôi quên mật khẩu. Tôi phải làm gì?</h3>
<p>Chọn Quên mật khẩu trên trang đăng nhập. Chúng tôi sẽ gửi mã đến số điện thoại đã đăng ký để bạn đăng nhập và đặt mật khẩu mới.</p>
<h3>Rút tiền mất bao lâu?</h3>
<p>Hầu hết các yêu cầu rút tiền được xử lý trong vòng 30 phút sau khi được duyệt. Tiền được chuyển vào tài khoản ngân hàng đứng tên bạn.</p>
<h3>Tôi có thể dùng loại tiền nào?</h3>
<p>{site} chấp nhận {currency} cho mọi giao dịch nạp tiền, đặt cược và rút tiền.</p>
<h3>Làm thế nào để liên hệ hỗ trợ?</h3>
<p>Đội ngũ hỗ trợ của chúng tôi luôn sẵn sàng 24/7 qua trò chuyện trực tuyến.</p>`,

  responsible_gaming: `<h2>Chơi có trách nhiệm</h2>
<p>{site} muốn việc chơi luôn là niềm vui. Đó không bao giờ nên là cách kiếm tiền hay trốn tránh vấn đề.</p>
<h3>Lời khuyên để chơi an toàn</h3>
<ul><li>Đặt ngân sách trước khi chơi và tuân thủ nó.</li><li>Đặt giới hạn thời gian và nghỉ ngơi thường xuyên.</li><li>Đừng bao giờ cố gỡ lại số tiền đã thua.</li><li>Không chơi khi bạn đang bực bội, mệt mỏi hoặc đã uống rượu bia.</li></ul>
<h3>Giới hạn của bạn</h3>
<p>Trên trang Chơi có trách nhiệm trong tài khoản, bạn có thể đặt giới hạn theo ngày, theo tuần và theo tháng cho tiền nạp, tiền thua và tiền cược, cũng như giới hạn thời gian đăng nhập mỗi ngày. Giới hạn thấp hơn có hiệu lực ngay; giới hạn cao hơn, hoặc việc gỡ bỏ giới hạn, chỉ có hiệu lực sau 24 giờ và khi bạn xác nhận. Tính năng kiểm tra thực tế có thể nhắc bạn sau mỗi 15 đến 60 phút về thời gian bạn đã chơi và số tiền bạn đã thắng hoặc thua.</p>
<h3>Tạm nghỉ và tự loại trừ</h3>
<p>Bạn có thể tạm nghỉ 24 giờ, 1 tuần, 1 tháng hoặc 6 tuần, hoặc tự loại trừ trong 6 tháng, 1 năm, 5 năm hoặc vĩnh viễn. Việc này có hiệu lực ngay, áp dụng cho mọi trang thuộc tập đoàn chúng tôi mà bạn có tài khoản, và không thể rút ngắn hay hủy bỏ trước khi kết thúc. Trong thời gian này, bạn sẽ không nhận được tin nhắn khuyến mãi nào, và các yêu cầu rút tiền đang chờ xử lý của bạn vẫn được thanh toán.</p>
<h3>Tuổi và danh tính</h3>
<p>Chỉ người trưởng thành đủ tuổi theo quy định của pháp luật mới được chơi. {site} yêu cầu ngày sinh của bạn khi đăng ký và có thể yêu cầu giấy tờ tùy thân trước khi thanh toán.</p>`,

  terms_conditions: `<h2>Điều khoản và điều kiện</h2>
<h3>Tài khoản của bạn</h3>
<p>Bạn phải đủ tuổi hợp pháp để tham gia cá cược nơi bạn sống mới được mở tài khoản tại {site}. Mỗi người chơi chỉ có một tài khoản, và thông tin bạn cung cấp phải đúng và là của chính bạn.</p>
<h3>Nạp và rút tiền</h3>
<p>Mọi số tiền đều tính bằng {currency}. Tiền rút được chuyển vào tài khoản ngân hàng đứng tên bạn sau khi tiền nạp đã được cược đủ theo quy định của khuyến mãi.</p>
<h3>Thưởng và khuyến mãi</h3>
<p>Mỗi khoản thưởng có quy định và thời hạn riêng. Chúng tôi có thể thu hồi khoản thưởng có được do lạm dụng các điều khoản này, ví dụ dùng nhiều tài khoản.</p>
<h3>Chơi công bằng</h3>
<p>Kết quả trò chơi do bộ tạo số ngẫu nhiên đã được chứng nhận của nhà cung cấp quyết định. Cược đặt do lỗi hệ thống có thể bị hủy.</p>`,
};
